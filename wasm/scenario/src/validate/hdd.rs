//! A disk's timing (model §4, §11), checked for every device that has one,
//! whatever engine runs: the stream engine derives a timed disk's streaming
//! bandwidth from it.

use super::checker::{fmt_num, Checker};
use crate::request::HddMechanics;
use crate::DeviceKind;

pub(crate) fn check_mechanics(c: &mut Checker, at: &str, kind: DeviceKind, m: &HddMechanics) {
    if kind != DeviceKind::Hdd {
        c.push(at, "is only allowed for devices of kind \"hdd\"");
        return;
    }
    c.range(
        &format!("{at}.seek_ms"),
        m.seek_ms,
        0.0,
        false,
        1000.0,
        "ms",
    );
    c.range(
        &format!("{at}.revolution_ms"),
        m.revolution_ms,
        0.0,
        false,
        1000.0,
        "ms",
    );
    c.range(
        &format!("{at}.media_mbps"),
        m.media_mbps,
        0.0,
        true,
        1e9,
        "MB/s",
    );
    if let Some(inner) = m.inner_mbps {
        let at = format!("{at}.inner_mbps");
        if !(inner.is_finite() && inner > 0.0) {
            c.push(
                at,
                format!(
                    "{} MB/s: the inner-zone media rate must be above 0 and at most the outer rate media_mbps ({} MB/s)",
                    fmt_num(inner),
                    fmt_num(m.media_mbps)
                ),
            );
        } else if m.media_mbps.is_finite() && inner > m.media_mbps {
            c.push(
                at,
                format!(
                    "{} MB/s is above the outer-zone rate media_mbps ({} MB/s): the inner zone is the slower one",
                    fmt_num(inner),
                    fmt_num(m.media_mbps)
                ),
            );
        }
    }
}
