//! Plain CSV block traces: `time,op,offset,size` with the time in seconds,
//! op `R`/`W` (or `read`/`write`), and offset and size in bytes. When the
//! header names the third column `block` (or `block4k`), it is a 4 KB block
//! number instead of a byte offset.

use super::{byte_range, clip, need_columns, seconds, size_bytes, uint, RawIo, RawTime};
use crate::sampling::{BlockIo, BLOCK_BYTES};
use std::io::Write;

const COLUMNS: &str = "time, op, offset, size";

/// The header line the writer emits.
pub const PLAIN_HEADER: &str = "time_s,op,offset_bytes,size_bytes";

pub(super) fn header_names_blocks(header: &[&str]) -> bool {
    header.get(2).is_some_and(|c| {
        matches!(
            c.to_ascii_lowercase().as_str(),
            "block" | "block4k" | "blocks"
        )
    })
}

pub(super) fn parse(f: &[&str], blocks_column: bool) -> Result<RawIo, String> {
    need_columns(f, 4, COLUMNS)?;
    let time = seconds(f, 0, "time")?;
    let write = match f[1].to_ascii_lowercase().as_str() {
        "r" | "read" => false,
        "w" | "write" => true,
        _ => {
            return Err(format!(
                "column 2 (op) is \"{}\": allowed R or W",
                clip(f[1])
            ))
        }
    };
    let (offset, name) = if blocks_column {
        let block = uint(f, 2, "block")?;
        let bytes = block
            .checked_mul(BLOCK_BYTES)
            .ok_or_else(|| format!("column 3 (block) is {block}: too large"))?;
        (bytes, "block")
    } else {
        (uint(f, 2, "offset")?, "offset")
    };
    let size = size_bytes(f, 3, "size")?;
    let (block, blocks) = byte_range(0, offset, size, 2, name)?;
    Ok(RawIo {
        time: RawTime::Seconds(time),
        block,
        blocks,
        write,
    })
}

/// Writes I/Os as plain CSV with a header (byte offsets; times to the
/// nanosecond). The format has one volume: an I/O beyond its 16 TB (from
/// a multi-volume trace) is refused with `InvalidInput`.
pub fn write_plain<W: Write>(
    out: &mut W,
    ios: impl IntoIterator<Item = BlockIo>,
) -> std::io::Result<()> {
    writeln!(out, "{PLAIN_HEADER}")?;
    for io in ios {
        if io.block + io.blocks as u64 > super::VOLUME_BLOCKS {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!(
                    "block {} is beyond the 16 TB a plain trace addresses",
                    io.block
                ),
            ));
        }
        let op = if io.write { 'W' } else { 'R' };
        let offset = io.block * BLOCK_BYTES;
        let size = io.blocks as u64 * BLOCK_BYTES;
        writeln!(out, "{:.9},{op},{offset},{size}", io.t)?;
    }
    Ok(())
}
