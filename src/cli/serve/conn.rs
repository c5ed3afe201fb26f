//! The connections the server holds: at most [`MAX_CONNECTIONS`] at once
//! (a connection beyond waits in the system's queue until one closes),
//! and each closed when it has gone `--idle-timeout` seconds (30) without
//! an answer being written on it, so that a client that sends its request
//! slowly, or never, holds nothing for long.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::{Instant, Sleep};

/// Connections held at once.
pub(super) const MAX_CONNECTIONS: usize = 256;

/// A listener that holds at most `slots` connections, each closed after
/// `idle` without an answer.
pub(super) struct Bounded {
    inner: TcpListener,
    slots: Arc<Semaphore>,
    idle: Duration,
}

impl Bounded {
    /// `inner`, with at most `max` connections held at once.
    pub(super) fn new(inner: TcpListener, max: usize, idle: Duration) -> Bounded {
        Bounded {
            inner,
            slots: Arc::new(Semaphore::new(max.max(1))),
            idle,
        }
    }
}

/// A connection: its slot is given back when it is dropped.
pub(super) struct Conn {
    stream: TcpStream,
    _slot: OwnedSemaphorePermit,
    idle: Duration,
    deadline: Pin<Box<Sleep>>,
}

impl axum::serve::Listener for Bounded {
    type Io = Conn;
    type Addr = std::net::SocketAddr;

    async fn accept(&mut self) -> (Conn, std::net::SocketAddr) {
        loop {
            // A slot first: beyond the limit, connections wait in the
            // system's queue, and nothing more is held for them.
            let Ok(slot) = Arc::clone(&self.slots).acquire_owned().await else {
                continue;
            };
            match self.inner.accept().await {
                Ok((stream, addr)) => {
                    let _ = stream.set_nodelay(true);
                    let conn = Conn {
                        stream,
                        _slot: slot,
                        idle: self.idle,
                        deadline: Box::pin(tokio::time::sleep(self.idle)),
                    };
                    return (conn, addr);
                }
                // Out of file descriptors and the like: wait a moment, as
                // axum's own listener does.
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        }
    }

    fn local_addr(&self) -> io::Result<std::net::SocketAddr> {
        self.inner.local_addr()
    }
}

impl AsyncRead for Conn {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if self.deadline.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "no request answered in time",
            )));
        }
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Conn {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let written = Pin::new(&mut self.stream).poll_write(cx, buf);
        if matches!(written, Poll::Ready(Ok(n)) if n > 0) {
            // An answer is going out: the connection may wait for the
            // next request as long again.
            let next = Instant::now() + self.idle;
            self.deadline.as_mut().reset(next);
        }
        written
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}
