//! MSR Cambridge block traces (SNIA IOTTA): one CSV line per I/O,
//! `Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime`, with the
//! timestamp in Windows filetime ticks (100 ns), Type `Read` or `Write`, and
//! the offset and size in bytes. The host name and response time are not
//! used (a file holds one host); disk numbers are kept apart as volumes.

use super::{byte_range, clip, need_columns, size_bytes, uint, volume, RawIo, RawTime};
use crate::sampling::{BlockIo, BLOCK_BYTES};
use std::io::Write;

const COLUMNS: &str = "Timestamp, Hostname, DiskNumber, Type, Offset, Size, ResponseTime";

/// Filetime of the first I/O a writer emits (2008-02-22, as in the MSR traces).
pub const WRITER_EPOCH_TICKS: u64 = 128_166_372_000_000_000;

pub(super) fn parse(f: &[&str]) -> Result<RawIo, String> {
    need_columns(f, 7, COLUMNS)?;
    let ticks = uint(f, 0, "Timestamp")?;
    let disk = volume(f, 2, "DiskNumber")?;
    let write = match f[3].to_ascii_lowercase().as_str() {
        "read" => false,
        "write" => true,
        _ => {
            return Err(format!(
                "column 4 (Type) is \"{}\": allowed Read or Write",
                clip(f[3])
            ))
        }
    };
    let offset = uint(f, 4, "Offset")?;
    let size = size_bytes(f, 5, "Size")?;
    let (block, blocks) = byte_range(disk, offset, size, 4, "Offset")?;
    Ok(RawIo {
        time: RawTime::Ticks(ticks),
        block,
        blocks,
        write,
    })
}

/// Writes I/Os as MSR lines (host `tierplan`, response time 0).
pub fn write_msr<W: Write>(
    out: &mut W,
    ios: impl IntoIterator<Item = BlockIo>,
) -> std::io::Result<()> {
    for io in ios {
        let ticks = WRITER_EPOCH_TICKS + (io.t * 1e7).round() as u64;
        let disk = io.block / super::VOLUME_BLOCKS;
        let offset = (io.block % super::VOLUME_BLOCKS) * BLOCK_BYTES;
        let op = if io.write { "Write" } else { "Read" };
        let size = io.blocks as u64 * BLOCK_BYTES;
        writeln!(out, "{ticks},tierplan,{disk},{op},{offset},{size},0")?;
    }
    Ok(())
}
