//! Finding a byte, or one of two, in a run of bytes: `memchr`'s searches, without the
//! detection of the processor's features that its general functions make at their first call
//! in each process.
//!
//! On x86-64 the general functions ask the processor (`cpuid`, through the standard library)
//! whether it has AVX2. Inside a virtual machine that instruction traps to the hypervisor:
//! the detection cost 28 µs on the machine the benchmark runs on, about 4% of spawning
//! `/bin/true`, paid by every command, which then searches a few kilobytes. SSE2 is part of
//! x86-64 itself, so its searches need no detection; elsewhere the general functions are
//! used as they are.

/// Where `needle` first occurs in `haystack`.
pub fn byte(needle: u8, haystack: &[u8]) -> Option<usize> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        memchr::arch::x86_64::sse2::memchr::One::new(needle)?.find(haystack)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        memchr::memchr(needle, haystack)
    }
}

/// Where `first` or `second` first occurs in `haystack`.
pub fn either(first: u8, second: u8, haystack: &[u8]) -> Option<usize> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        memchr::arch::x86_64::sse2::memchr::Two::new(first, second)?.find(haystack)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        memchr::memchr2(first, second, haystack)
    }
}

/// Every place `needle` occurs in `haystack`, in order.
pub fn every(needle: u8, haystack: &[u8]) -> impl Iterator<Item = usize> + '_ {
    let mut from = 0;
    std::iter::from_fn(move || {
        let at = from + byte(needle, haystack.get(from..)?)?;
        from = at + 1;
        Some(at)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config {
            failure_persistence: None,
            ..proptest::test_runner::Config::default()
        })]

        /// Each search finds what a plain loop over the bytes finds, at every length and
        /// alignment the vector code distinguishes.
        #[test]
        fn each_search_finds_what_a_loop_finds(
            haystack in proptest::collection::vec(proptest::sample::select(vec![b'a', b'"', b'\\', b'\n']), 0..200),
            skip in 0usize..20,
        ) {
            let haystack = &haystack[skip.min(haystack.len())..];
            let position = |wanted: &dyn Fn(u8) -> bool| haystack.iter().position(|&b| wanted(b));
            proptest::prop_assert_eq!(byte(b'"', haystack), position(&|b| b == b'"'));
            proptest::prop_assert_eq!(either(b'"', b'\\', haystack), position(&|b| b == b'"' || b == b'\\'));
            let all: Vec<usize> = (0..haystack.len()).filter(|&i| haystack[i] == b'\n').collect();
            proptest::prop_assert_eq!(every(b'\n', haystack).collect::<Vec<_>>(), all);
        }
    }
}
