//! JSON exactly as parley writes its own state files (`serde_json::to_string`: no space, the
//! fields in their order), read by a scan of its few shapes instead of the general parser.
//! The caches read at every `status` and hand-over hold one entry per issue or positions
//! file, and the general parser's work for each (a visitor per field, a string checked for
//! escapes character by character) was the largest part of reading them.
//!
//! A scan gives up (`None`) at anything it does not expect: a string with an escape, a space,
//! another order of fields. Its caller then reads the same text with the general parser, and
//! a property test of each caller checks that both read the same.

use crate::store::VersionStamp;

/// What is left of a text to scan.
pub struct Scan<'a>(pub &'a str);

impl<'a> Scan<'a> {
    /// Whether the text goes on with `token`, which is then passed.
    pub fn eat(&mut self, token: &str) -> bool {
        match self.0.strip_prefix(token) {
            Some(rest) => {
                self.0 = rest;
                true
            }
            None => false,
        }
    }

    pub fn expect(&mut self, token: &str) -> Option<()> {
        self.eat(token).then_some(())
    }

    /// A string with no escape and no control character, borrowed.
    pub fn string(&mut self) -> Option<&'a str> {
        let rest = self.0.strip_prefix('"')?;
        // The closing quote found by a vector search, then one check of what it encloses: an escape
        // or a control character there is for the general parser.
        let end = crate::find::byte(b'"', rest.as_bytes())?;
        let (string, after) = rest.split_at(end);
        if string.bytes().any(|b| b == b'\\' || b < 0x20) {
            return None;
        }
        self.0 = &after[1..];
        Some(string)
    }

    /// A stamp: 16 hexadecimal digits between quotes.
    pub fn stamp(&mut self) -> Option<VersionStamp> {
        let rest = self.0.strip_prefix('"')?;
        let (hex, after) = rest.split_at_checked(16)?;
        let stamp = VersionStamp::from_hex(hex)?;
        self.0 = after.strip_prefix('"')?;
        Some(stamp)
    }

    /// `null` (`Some(None)`), or what `read` reads.
    pub fn or_null<T>(&mut self, read: impl FnOnce(&mut Self) -> Option<T>) -> Option<Option<T>> {
        if self.eat("null") {
            Some(None)
        } else {
            read(self).map(Some)
        }
    }

    /// A whole number as JSON writes it (no sign, no leading zero).
    pub fn number(&mut self) -> Option<u64> {
        let digits = self.0.bytes().take_while(u8::is_ascii_digit).count();
        let (number, rest) = self.0.split_at(digits);
        if number.is_empty() || number.len() > 1 && number.starts_with('0') {
            return None;
        }
        self.0 = rest;
        number.parse().ok()
    }

    /// One value of type `T` read by the general parser, for the parts that are few or
    /// irregular; the scan goes on after it.
    pub fn parsed<T: serde::Deserialize<'a>>(&mut self) -> Option<T> {
        let mut general = serde_json::Deserializer::from_str(self.0).into_iter::<T>();
        let value = general.next()?.ok()?;
        self.0 = &self.0[general.byte_offset()..];
        Some(value)
    }

    /// `[`, then items read by `item` separated by commas, then `]`.
    pub fn array<T>(&mut self, mut item: impl FnMut(&mut Self) -> Option<T>) -> Option<Vec<T>> {
        self.expect("[")?;
        let mut items = Vec::new();
        if self.eat("]") {
            return Some(items);
        }
        loop {
            items.push(item(self)?);
            if self.eat("]") {
                return Some(items);
            }
            self.expect(",")?;
        }
    }
}

/// Whether `text`, written as a JSON string, needs no escape: what a scan reads without
/// giving up, for the property tests of the scans.
#[cfg(test)]
pub fn needs_no_escape(text: &str) -> bool {
    !text.contains(['"', '\\']) && !text.chars().any(char::is_control)
}

/// `text` with `inserted` put at `at`, or at the character boundary before it: the edit the
/// property tests of the scans make to a text as written.
#[cfg(test)]
pub fn insert_near(text: &mut String, at: usize, inserted: &str) {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    text.insert_str(at, inserted);
}
