//! One line of a CSV or TSV log split into fields, quotes as RFC 4180 has
//! them within a line. Both the column guesser (`mapping`) and the reader
//! (`parse`) split lines this way.

use std::borrow::Cow;

/// Split one CSV/TSV line into fields. Quoted fields (`"a, b"`, `"say ""hi"""`)
/// follow RFC 4180 within the line; a quote left open is an error.
pub fn split_line(line: &str, delim: u8) -> Result<Vec<Cow<'_, str>>, String> {
    let b = line.as_bytes();
    let mut out = Vec::with_capacity(8);
    let mut i = 0;
    loop {
        if b.get(i) == Some(&b'"') {
            let mut s = String::new();
            let mut j = i + 1;
            loop {
                match b.get(j) {
                    None => return Err("a quoted field is not closed".into()),
                    Some(b'"') if b.get(j + 1) == Some(&b'"') => {
                        s.push('"');
                        j += 2;
                    }
                    Some(b'"') => break,
                    Some(_) => {
                        // Copy up to the next quote in one go (UTF-8 safe:
                        // a quote byte never occurs inside a multi-byte char).
                        let k = b[j..]
                            .iter()
                            .position(|&c| c == b'"')
                            .map_or(b.len(), |k| j + k);
                        s.push_str(&line[j..k]);
                        j = k;
                    }
                }
            }
            out.push(Cow::Owned(s));
            j += 1;
            match b.get(j) {
                None => return Ok(out),
                Some(&c) if c == delim => i = j + 1,
                Some(_) => return Err("text after a closing quote".into()),
            }
        } else {
            let end = b[i..].iter().position(|&c| c == delim).map(|k| i + k);
            match end {
                Some(e) => {
                    out.push(Cow::Borrowed(&line[i..e]));
                    i = e + 1;
                }
                None => {
                    out.push(Cow::Borrowed(&line[i..]));
                    return Ok(out);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_quotes() {
        let f = split_line(r#"a,"b, c","say ""hi""",,d"#, b',').unwrap();
        assert_eq!(f, vec!["a", "b, c", r#"say "hi""#, "", "d"]);
        assert!(split_line(r#"a,"b"#, b',').is_err());
        assert!(split_line(r#""b"x,c"#, b',').is_err());
    }
}
