//! The executable. Its entry point is the C library's `main`, not the standard library's
//! (`no_main`): before a Rust `main`, the standard library reads `/proc/self/maps` to find
//! the main thread's stack, and maps and installs an alternate signal stack to report a
//! stack overflow. Each command paid 40 to 55 µs for that at every start (measured on a
//! program that does nothing else), about a tenth of spawning `/bin/true`. What parley
//! needs of that start-up is done here instead: the standard descriptors made safe to
//! write to, and `SIGPIPE` ignored (and `SIGIO`, see `ignore_lease_breaks`). A stack
//! overflow still ends the process, by the signal itself rather than after a message.

#![cfg_attr(not(test), no_main)]

#[cfg(not(test))]
#[unsafe(no_mangle)]
extern "C" fn main(_argc: libc::c_int, _argv: *const *const libc::c_char) -> libc::c_int {
    open_standard_descriptors();
    ignore_broken_pipes();
    ignore_lease_breaks();
    // A panic ends the command with 101 after its message, as under the standard start-up.
    let code = std::panic::catch_unwind(|| parley::run(std::env::args_os().collect()))
        .map_or(101, i32::from);
    // `exit` flushes what the standard output still buffers, as returning from a Rust
    // `main` does.
    std::process::exit(code)
}

/// Opens `/dev/null` on each of the standard descriptors that is closed, so that no file
/// parley opens takes its number and then receives what is printed. One `poll` tells which
/// are closed; where it cannot, each is asked on its own.
#[cfg(not(test))]
fn open_standard_descriptors() {
    let mut fds = [0, 1, 2].map(|fd| libc::pollfd {
        fd,
        events: 0,
        revents: 0,
    });
    // SAFETY: `fds` holds three initialized entries for the call to fill in.
    let polled = loop {
        match unsafe { libc::poll(fds.as_mut_ptr(), 3, 0) } {
            -1 if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted => {}
            -1 => break false,
            _ => break true,
        }
    };
    for entry in fds {
        let closed = if polled {
            entry.revents & libc::POLLNVAL != 0
        } else {
            // SAFETY: asks about a descriptor number; nothing is changed.
            let flags = unsafe { libc::fcntl(entry.fd, libc::F_GETFD) };
            flags == -1 && std::io::Error::last_os_error().raw_os_error() == Some(libc::EBADF)
        };
        // SAFETY: the path is NUL-terminated; the lowest free number, this one, is taken.
        if closed && unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) } == -1 {
            std::process::abort();
        }
    }
}

/// The store holds a write lease on a file for the moment it writes it (`store/spare.rs`);
/// should another process open that file meanwhile, the kernel tells the lease holder with
/// `SIGIO`, whose default is to end the process. The lease is released within the same few
/// system calls anyway, so the signal carries nothing parley needs.
#[cfg(not(test))]
fn ignore_lease_breaks() {
    // SAFETY: sets the disposition of one signal to a constant.
    unsafe {
        libc::signal(libc::SIGIO, libc::SIG_IGN);
    }
}

/// Writing to a closed pipe (`parley status | head -1`) is an error a command reports,
/// not a signal that kills it.
#[cfg(not(test))]
fn ignore_broken_pipes() {
    // SAFETY: sets the disposition of one signal to a constant.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
}
