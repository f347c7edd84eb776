//! Work on a second processor, for the commands that look up a thousand files while they
//! parse what they kept (`status`, the hand-overs).
//!
//! A thread started by the standard library starts on its parent's processor. There it
//! either waits for the parent to pause or runs in its place while the parent waits, until
//! the scheduler moves one of them (milliseconds on this kind of virtual machine): measured
//! in `status`, the helper began its lookups only once the parent had done them all, or took
//! them all while the parent did nothing. A thread started here is restricted from the start
//! to the processors the command may use other than its parent's, so both run at once. Where
//! the command may use one processor only, the thread shares it, as a standard one would.

use std::any::Any;
use std::cell::Cell;
#[cfg(target_os = "linux")]
use std::marker::PhantomData;
use std::panic::AssertUnwindSafe;
#[cfg(target_os = "linux")]
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// Runs `helper` on a thread started on another processor while this thread runs
/// `meanwhile`, and returns both results. A panic of either is this thread's, once both have
/// ended. Without a thread (none could be started), `helper` runs here after `meanwhile`.
///
/// Once `helper` has returned, its thread stays available to `meanwhile`:
/// [`filled_on_two_threads`] called from `meanwhile` hands it a share of the slots instead of
/// starting a thread of its own. A hand-over writes and flushes the turn files on the helper
/// (it mostly waits for the disk) while it reads the digests file, then looks up the
/// positions files on both. A second thread started for the lookups would have shared the
/// first one's processor: measured, the flushes then ended when the lookups did, since the
/// thread they woke up had to wait for the processor.
pub fn alongside<A: Send, B>(
    helper: impl FnOnce() -> A + Send,
    meanwhile: impl FnOnce() -> B,
) -> (A, B) {
    let helper = Mutex::new(Some(helper));
    let result = Mutex::new(None);
    let spare = Spare::default();
    let work = || {
        let helper = helper.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(helper) = helper {
            let value = helper();
            *result.lock().unwrap_or_else(PoisonError::into_inner) = Some(value);
        }
        spare.serve();
    };
    let meanwhile = with_helper(&work, || {
        let _lending = spare.enter();
        meanwhile()
    });
    let helped = result.into_inner().unwrap_or_else(PoisonError::into_inner);
    (helped.expect("the helper ran to its end"), meanwhile)
}

/// Fills each of `slots` with `fill(index)` on two threads, this one joining in once `first`
/// has returned (its result is returned): each thread takes the next chunk of slots nobody
/// took, so that neither waits while slots remain. `status` looks up a thousand files this
/// way while it parses what it kept. The second thread is the helper of the [`alongside`]
/// this thread is in, if any (it joins in once its own work is done), otherwise one started
/// for this call.
pub fn filled_on_two_threads<T: Send, R>(
    slots: &mut [T],
    fill: impl Fn(usize) -> T + Sync,
    first: impl FnOnce() -> R,
) -> R {
    // Small enough that the two threads end together, large enough that taking the next
    // chunk costs nothing against its lookups (about a microsecond each).
    const CHUNK: usize = 32;
    let chunks = Mutex::new(slots.chunks_mut(CHUNK).enumerate());
    let work = || {
        loop {
            let next = chunks.lock().unwrap_or_else(PoisonError::into_inner).next();
            let Some((chunk_index, chunk)) = next else {
                return;
            };
            for (offset, slot) in chunk.iter_mut().enumerate() {
                *slot = fill(chunk_index * CHUNK + offset);
            }
        }
    };
    let lent = SPARE.with(Cell::get);
    if lent.is_null() {
        return with_helper(&work, first);
    }
    // SAFETY: set by `Spare::enter` on this thread, to a spare that outlives the `Lending`
    // that unsets it, and this call runs while it is set.
    let spare = unsafe { &*lent };
    spare.lend(&work, || {
        let result = first();
        work();
        result
    })
}

thread_local! {
    /// The spare helper of the [`alongside`] this thread is in, while it runs `meanwhile`.
    static SPARE: Cell<*const Spare> = const { Cell::new(std::ptr::null()) };
}

/// The helper thread of an [`alongside`], once its own work is done: it runs what the other
/// thread lends it ([`Spare::lend`]) until that thread is done lending ([`Lending`]).
#[derive(Default)]
struct Spare {
    offer: Mutex<Offer>,
    changed: Condvar,
}

#[derive(Default)]
struct Offer {
    /// Work lent and not taken yet.
    work: Option<Lent>,
    /// Whether the helper is running work it took.
    running: bool,
    /// The panic of work the helper ran, for the lender to resume.
    panic: Option<Box<dyn Any + Send>>,
    /// Nothing more will be lent: the helper ends.
    closed: bool,
}

/// Work lent to the helper, its lifetime erased: [`Spare::lend`] does not return (or unwind)
/// before the helper is done with it.
struct Lent(*const (dyn Fn() + Sync + 'static));

// SAFETY: the work is `Sync`, so it may run on the helper while the lender runs it too; the
// pointer is only followed while `Spare::lend` keeps the work alive.
unsafe impl Send for Lent {}

/// While alive, [`filled_on_two_threads`] on this thread lends to the spare; dropped, the
/// spare is told that nothing more will be lent.
struct Lending<'s> {
    spare: &'s Spare,
    before: *const Spare,
}

impl Spare {
    fn offer(&self) -> MutexGuard<'_, Offer> {
        self.offer.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Makes this spare the one [`filled_on_two_threads`] lends to on this thread.
    fn enter(&self) -> Lending<'_> {
        let before = SPARE.with(|spare| spare.replace(self));
        Lending {
            spare: self,
            before,
        }
    }

    /// On the helper, once its own work is done: runs what is lent until lending ends.
    fn serve(&self) {
        let mut offer = self.offer();
        while !offer.closed {
            let Some(Lent(work)) = offer.work.take() else {
                offer = (self.changed)
                    .wait(offer)
                    .unwrap_or_else(PoisonError::into_inner);
                continue;
            };
            offer.running = true;
            drop(offer);
            // SAFETY: `lend` keeps the work alive until `running` is false again.
            let ran = std::panic::catch_unwind(AssertUnwindSafe(|| unsafe { &*work }()));
            offer = self.offer();
            offer.running = false;
            offer.panic = ran.err();
            self.changed.notify_all();
        }
    }

    /// Runs `here` while the helper may run `work` too; returns once the helper is not
    /// running it (it took it and ended, or never took it and now cannot). The helper's
    /// panic is this thread's.
    fn lend<R>(&self, work: &(dyn Fn() + Sync), here: impl FnOnce() -> R) -> R {
        // SAFETY: only the lifetime changes; `Retract` (below) withdraws the work and waits
        // for the helper to be done with it before this function returns or unwinds.
        let work: &'static (dyn Fn() + Sync) = unsafe { std::mem::transmute(work) };
        self.offer().work = Some(Lent(work));
        self.changed.notify_all();
        let retract = Retract(self);
        let result = here();
        drop(retract);
        if let Some(panic) = self.offer().panic.take() {
            std::panic::resume_unwind(panic);
        }
        result
    }
}

/// Withdraws lent work when dropped, waiting for the helper to end it if it took it.
struct Retract<'s>(&'s Spare);

impl Drop for Retract<'_> {
    fn drop(&mut self) {
        let mut offer = self.0.offer();
        offer.work = None;
        while offer.running {
            offer = (self.0.changed)
                .wait(offer)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }
}

impl Drop for Lending<'_> {
    fn drop(&mut self) {
        SPARE.with(|spare| spare.set(self.before));
        self.spare.offer().closed = true;
        self.spare.changed.notify_all();
    }
}

/// Runs `main` here while a thread started on another processor runs `work` (which can be
/// run more than once: what one run took, the next does not find), then runs `work` here
/// too, and returns once both have ended. Whatever the helper had not started when `main`
/// ended is thus done here, not left waiting for a busy processor; the helper, if it has not
/// even started, may then run on this processor too (it only has to end).
#[cfg(target_os = "linux")]
fn with_helper<R>(work: &(dyn Fn() + Sync), main: impl FnOnce() -> R) -> R {
    let helper = Thread::start(work);
    let result = main();
    work();
    if let Some(helper) = helper {
        helper.join();
    }
    result
}

/// [`with_helper`] where a thread cannot be placed: a thread of the standard library.
#[cfg(not(target_os = "linux"))]
fn with_helper<R>(work: &(dyn Fn() + Sync), main: impl FnOnce() -> R) -> R {
    std::thread::scope(|scope| {
        let helper = scope.spawn(work);
        let result = main();
        work();
        if let Err(panic) = helper.join() {
            std::panic::resume_unwind(panic);
        }
        result
    })
}

/// A thread running `work` once, started by [`Thread::start`]; joined when dropped (on every
/// path out, a panic's included), so that it never outlives what `work` borrows.
#[cfg(target_os = "linux")]
struct Thread<'w> {
    id: libc::pthread_t,
    /// Set by the thread as it starts: a box given up (`Box::into_raw`) so that both threads
    /// use it through the same pointer, taken back once the thread is joined.
    started: *mut AtomicBool,
    joined: bool,
    work: PhantomData<&'w ()>,
}

/// What the thread hands its joiner: whether `work` panicked, and with what.
#[cfg(target_os = "linux")]
type Ended = std::thread::Result<()>;

/// What the thread is given, boxed so that its address outlives `start`: the work, and the
/// flag it sets as it starts.
#[cfg(target_os = "linux")]
struct Given<'w> {
    work: &'w (dyn Fn() + Sync),
    started: *mut AtomicBool,
}

#[cfg(target_os = "linux")]
impl<'w> Thread<'w> {
    /// Starts a thread that calls `work` once, on the processors the command may use other
    /// than this thread's (on all of them when that leaves none). `None` when no thread can
    /// be started.
    fn start(work: &'w (dyn Fn() + Sync)) -> Option<Thread<'w>> {
        extern "C" fn run(given: *mut libc::c_void) -> *mut libc::c_void {
            // SAFETY: `start` gave up a `Given` to this thread, which takes it back once; the
            // work and the flag it refers to outlive the thread (joined before `'w` ends,
            // and before the flag's box is dropped).
            let given = unsafe { Box::from_raw(given.cast::<Given>()) };
            unsafe { &*given.started }.store(true, Ordering::Release);
            let ended: Ended = std::panic::catch_unwind(AssertUnwindSafe(given.work));
            Box::into_raw(Box::new(ended)).cast()
        }
        let started = Box::into_raw(Box::new(AtomicBool::new(false)));
        let given = Box::into_raw(Box::new(Given { work, started }));
        // SAFETY: plain calls on values owned here. The thread owns `given` once started;
        // otherwise it is taken back here.
        unsafe {
            let mut attributes: libc::pthread_attr_t = std::mem::zeroed();
            if libc::pthread_attr_init(&mut attributes) != 0 {
                drop((Box::from_raw(given), Box::from_raw(started)));
                return None;
            }
            if let Some((elsewhere, _)) = processors() {
                let size = std::mem::size_of::<libc::cpu_set_t>();
                libc::pthread_attr_setaffinity_np(&mut attributes, size, &elsewhere);
            }
            let mut id: libc::pthread_t = std::mem::zeroed();
            let created = libc::pthread_create(&mut id, &attributes, run, given.cast());
            libc::pthread_attr_destroy(&mut attributes);
            if created != 0 {
                drop((Box::from_raw(given), Box::from_raw(started)));
                return None;
            }
            Some(Thread {
                id,
                started,
                joined: false,
                work: PhantomData,
            })
        }
    }

    /// Waits for the thread to end; its panic is this thread's.
    fn join(mut self) {
        if let Err(panic) = self.wait() {
            std::panic::resume_unwind(panic);
        }
    }

    /// Waits for the thread to end, once (a second call finds it joined).
    fn wait(&mut self) -> Ended {
        if self.joined {
            return Ok(());
        }
        // SAFETY: the flag lives until the thread is joined, below.
        let started = unsafe { &*self.started }.load(Ordering::Acquire);
        if !started && let Some((_, all)) = processors() {
            // Not started yet, its processors busy: it may run on this one, now free.
            // SAFETY: a plain bit set, given its size, for a thread not joined yet.
            unsafe {
                let size = std::mem::size_of::<libc::cpu_set_t>();
                libc::pthread_setaffinity_np(self.id, size, &all);
            }
        }
        let mut ended: *mut libc::c_void = std::ptr::null_mut();
        // SAFETY: the thread was started by `start` and is joined once (`joined`).
        if unsafe { libc::pthread_join(self.id, &mut ended) } != 0 {
            // Not joined: it may still use what `work` borrows, which the caller is about to
            // give back. Nothing can go on safely.
            std::process::abort();
        }
        self.joined = true;
        // SAFETY: the thread has ended: the flag is this thread's alone again, and what it
        // returned is the boxed `Ended` of `run`.
        unsafe {
            drop(Box::from_raw(self.started));
            *Box::from_raw(ended.cast::<Ended>())
        }
    }
}

#[cfg(target_os = "linux")]
impl Drop for Thread<'_> {
    fn drop(&mut self) {
        let _ = self.wait();
    }
}

/// The processors this thread may use other than the one it runs on (`None` when it may use
/// no other, or cannot tell), with all those it may use.
#[cfg(target_os = "linux")]
fn processors() -> Option<(libc::cpu_set_t, libc::cpu_set_t)> {
    let size = std::mem::size_of::<libc::cpu_set_t>();
    // SAFETY: the sets are plain bit sets, written only by these calls, given their size.
    unsafe {
        let here = usize::try_from(libc::sched_getcpu()).ok()?;
        let mut all: libc::cpu_set_t = std::mem::zeroed();
        if libc::sched_getaffinity(0, size, &mut all) != 0 {
            return None;
        }
        let mut elsewhere = all;
        libc::CPU_CLR(here, &mut elsewhere);
        (libc::CPU_COUNT(&elsewhere) > 0).then_some((elsewhere, all))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_threads_fill_every_slot_once_and_the_first_work_is_returned() {
        for count in [0, 1, 31, 32, 33, 1000] {
            let mut slots = vec![usize::MAX; count];
            let first = filled_on_two_threads(&mut slots, |index| index * 2, || "first");
            assert_eq!(first, "first");
            assert!(
                slots.iter().enumerate().all(|(i, v)| *v == i * 2),
                "{count}"
            );
        }
    }

    #[test]
    fn alongside_returns_both_results_and_the_helper_borrows_what_it_reads() {
        let text = String::from("borrowed");
        let (helped, meanwhile) = alongside(|| text.len(), || text.to_uppercase());
        assert_eq!((helped, meanwhile.as_str()), (8, "BORROWED"));
    }

    #[test]
    fn a_helpers_panic_is_the_callers_once_both_have_ended() {
        let finished = std::sync::atomic::AtomicBool::new(false);
        let caught = std::panic::catch_unwind(AssertUnwindSafe(|| {
            alongside(
                || panic!("the helper failed"),
                || finished.store(true, std::sync::atomic::Ordering::SeqCst),
            )
        }));
        let panic = caught.expect_err("the helper's panic reaches the caller");
        assert_eq!(panic.downcast_ref::<&str>(), Some(&"the helper failed"));
        assert!(finished.load(std::sync::atomic::Ordering::SeqCst));
    }

    #[test]
    fn slots_filled_meanwhile_are_shared_with_the_helper_of_alongside_and_no_other_thread() {
        for count in [0, 1, 33, 1000] {
            let fillers = Mutex::new(std::collections::HashSet::new());
            let (helper, (here, slots)) = alongside(
                || std::thread::current().id(),
                || {
                    let mut slots = vec![usize::MAX; count];
                    filled_on_two_threads(
                        &mut slots,
                        |index| {
                            fillers.lock().unwrap().insert(std::thread::current().id());
                            index * 2
                        },
                        || (),
                    );
                    (std::thread::current().id(), slots)
                },
            );
            assert!(
                slots.iter().enumerate().all(|(i, v)| *v == i * 2),
                "{count}"
            );
            let fillers = fillers.into_inner().unwrap();
            assert!(
                fillers.iter().all(|id| *id == here || *id == helper),
                "{count}"
            );
        }
    }

    #[test]
    fn a_panic_of_work_lent_to_the_helper_is_the_callers() {
        let caught = std::panic::catch_unwind(AssertUnwindSafe(|| {
            alongside(
                || (),
                || {
                    let mut slots = vec![0; 1000];
                    filled_on_two_threads(&mut slots, |_| -> usize { panic!("lent") }, || ());
                },
            )
        }));
        let panic = caught.expect_err("the panic reaches the caller");
        assert_eq!(panic.downcast_ref::<&str>(), Some(&"lent"));
    }
}
