use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(parley::run(std::env::args_os().collect()))
}
