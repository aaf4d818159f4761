//! RAID-0 striping of the library over the disks (model §11): stripe unit k
//! of the library lies on disk k mod n at disk address (k div n) × unit.

/// One contiguous piece of a byte range on one disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    pub disk: u32,
    pub addr: u64,
    pub len: u64,
    /// Library offset of the piece.
    pub lib: u64,
}

/// Pieces of the library range [off, off + len), in order; no allocation.
pub struct Pieces {
    disks: u64,
    unit: u64,
    off: u64,
    end: u64,
}

impl Pieces {
    pub fn new(disks: u32, unit: u64, off: u64, len: u64) -> Pieces {
        Pieces {
            disks: disks as u64,
            unit,
            off,
            end: off + len,
        }
    }
}

impl Iterator for Pieces {
    type Item = Piece;
    fn next(&mut self) -> Option<Piece> {
        if self.off >= self.end {
            return None;
        }
        let k = self.off / self.unit;
        let within = self.off % self.unit;
        let mut len = (self.unit - within).min(self.end - self.off);
        // With one disk consecutive stripe units are contiguous: merge them.
        if self.disks == 1 {
            len = self.end - self.off;
        }
        let p = Piece {
            disk: (k % self.disks) as u32,
            addr: (k / self.disks) * self.unit + within,
            len,
            lib: self.off,
        };
        self.off += len;
        Some(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stripes_alternate_over_two_disks() {
        let p: Vec<Piece> = Pieces::new(2, 512, 256, 1024).collect();
        assert_eq!(p.len(), 3);
        assert_eq!((p[0].disk, p[0].addr, p[0].len), (0, 256, 256));
        assert_eq!((p[1].disk, p[1].addr, p[1].len), (1, 0, 512));
        assert_eq!((p[2].disk, p[2].addr, p[2].len), (0, 512, 256));
    }
}
