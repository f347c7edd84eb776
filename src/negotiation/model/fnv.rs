//! FNV-1a, 64 bits: the digests of recorded files, notes and sign-offs, as 16 hex digits.

/// FNV-1a, 64 bits, as 16 hex digits.
pub fn fnv(text: &str) -> String {
    fnv_bytes(text.as_bytes())
}

/// [`fnv`] of raw bytes.
pub fn fnv_bytes(bytes: &[u8]) -> String {
    let mut hash = Fnv::new();
    hash.write(bytes);
    hash.hex()
}

/// FNV-1a over bytes given in pieces: the same hash as of the pieces joined.
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv::new()
    }
}

impl Fnv {
    pub fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    pub fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// `n` in decimal, as `format!("{n}")` writes it.
    pub fn write_decimal(&mut self, mut n: usize) {
        let mut digits = [0u8; 20];
        let mut start = digits.len();
        loop {
            start -= 1;
            digits[start] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        self.write(&digits[start..]);
    }

    /// As 16 hex digits.
    pub fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}
