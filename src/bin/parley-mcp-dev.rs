//! THROWAWAY: starts the MCP server until `parley mcp` is wired into the command line (the
//! application layer on main). Deleted by the merge.

fn main() -> std::process::ExitCode {
    let mut args = parley::mcp::McpArgs::default();
    let mut words = std::env::args().skip(1);
    while let Some(word) = words.next() {
        match word.as_str() {
            "--protocols" => args.protocols.extend(words.next()),
            "--feedback-provider" => args.feedback_provider = words.next(),
            _ => {}
        }
    }
    match parley::mcp::serve(&args) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("parley mcp: error: {}", e.message);
            std::process::ExitCode::from(e.status.exit_code())
        }
    }
}
