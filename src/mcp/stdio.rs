//! Serving the handler over stdio: the client writes to our stdin and reads our stdout, and
//! closing stdin is how it says goodbye.

use rmcp::ServiceExt;

use super::handler::{Closer, Handler};
use crate::error::{Error, Result, Status};

/// Serves `handler` on stdin and stdout until the client closes stdin.
pub fn serve(handler: Handler, closer: Closer) -> Result<()> {
    // One thread serves the protocol; the calls themselves run on the blocking pool.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| {
            Error::new(
                Status::Io,
                "IO",
                format!("cannot start the MCP server's runtime: {e}"),
            )
        })?;
    let served = runtime.block_on(async move {
        let (input, output) = rmcp::transport::stdio_pipes();
        let input = UntilEof {
            inner: input,
            closer: Some(closer),
        };
        let running = handler
            .serve((input, output))
            .await
            .map_err(|e| format!("the MCP session did not start: {e}"))?;
        running
            .waiting()
            .await
            .map(|_| ())
            .map_err(|e| format!("the MCP session failed: {e}"))
    });
    // Dropping the runtime waits for the blocking calls; the closer made them end.
    drop(runtime);
    served.map_err(|message| Error::new(Status::Io, "IO", message))
}

/// The server's stdin, which says when the client has closed it (and, dropped with the
/// session, that the session is over).
struct UntilEof<R> {
    inner: R,
    closer: Option<Closer>,
}

impl<R: tokio::io::AsyncRead + Unpin> tokio::io::AsyncRead for UntilEof<R> {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = std::pin::Pin::new(&mut self.inner).poll_read(cx, buf);
        let eof = matches!(polled, std::task::Poll::Ready(Ok(())))
            && buf.filled().len() == before
            && buf.remaining() > 0;
        if eof && let Some(closer) = self.closer.take() {
            closer.close();
        }
        polled
    }
}
