//! SPC / UMass block traces (Financial, WebSearch): one CSV line per I/O,
//! `ASU,LBA,Size,Opcode,Timestamp[,…]`, with the LBA in 512-byte sectors,
//! the size in bytes, Opcode `r` or `w` and the timestamp in seconds. Each
//! ASU (application storage unit) is a separate volume with its own block
//! range; columns after the fifth are ignored.

use super::{byte_range, clip, need_columns, seconds, size_bytes, uint, volume, RawIo, RawTime};
use crate::sampling::{BlockIo, BLOCK_BYTES};
use std::io::Write;

const COLUMNS: &str = "ASU, LBA, Size, Opcode, Timestamp";
const SECTOR: u64 = 512;

pub(super) fn parse(f: &[&str]) -> Result<RawIo, String> {
    need_columns(f, 5, COLUMNS)?;
    let asu = volume(f, 0, "ASU")?;
    let lba = uint(f, 1, "LBA")?;
    let size = size_bytes(f, 2, "Size")?;
    let write = match f[3] {
        "r" | "R" => false,
        "w" | "W" => true,
        _ => {
            return Err(format!(
                "column 4 (Opcode) is \"{}\": allowed r or w",
                clip(f[3])
            ))
        }
    };
    let time = seconds(f, 4, "Timestamp")?;
    let offset = lba
        .checked_mul(SECTOR)
        .ok_or_else(|| format!("column 2 (LBA) is {lba}: too large for a byte offset"))?;
    let (block, blocks) = byte_range(asu, offset, size, 1, "LBA")?;
    Ok(RawIo {
        time: RawTime::Seconds(time),
        block,
        blocks,
        write,
    })
}

/// Writes I/Os as SPC lines (times with microsecond precision).
pub fn write_spc<W: Write>(
    out: &mut W,
    ios: impl IntoIterator<Item = BlockIo>,
) -> std::io::Result<()> {
    for io in ios {
        let asu = io.block / super::VOLUME_BLOCKS;
        let lba = (io.block % super::VOLUME_BLOCKS) * (BLOCK_BYTES / SECTOR);
        let op = if io.write { 'w' } else { 'r' };
        let size = io.blocks as u64 * BLOCK_BYTES;
        writeln!(out, "{asu},{lba},{size},{op},{:.6}", io.t)?;
    }
    Ok(())
}
