//! THROWAWAY: starts the MCP server until `parley mcp` is wired into the command line (the
//! application layer on main). Deleted by the merge.

use clap::Parser;

fn main() -> std::process::ExitCode {
    let args = parley::mcp::McpArgs::parse();
    match parley::mcp::serve(&args) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("parley mcp: error: {}", e.message);
            std::process::ExitCode::from(e.status.exit_code())
        }
    }
}
