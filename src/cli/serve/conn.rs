//! The connections the server holds: at most [`MAX_CONNECTIONS`] at once,
//! each closed when it has gone `--idle-timeout` seconds (30) without an
//! answer being written on it. When every slot is taken, a new connection
//! is still accepted at once, and the connection silent the longest (no
//! byte read from it, no answer written on it) is closed to make room: a
//! client that opens many connections and sends its requests slowly, or
//! never, can neither hold the server nor keep the page from being
//! answered.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::task::{Context, Poll, Waker};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::{Instant, Sleep};

/// Connections held at once.
pub(super) const MAX_CONNECTIONS: usize = 256;

/// How long a new connection waits for the slot of one closed to make
/// room before another is closed.
const MAKE_ROOM: Duration = Duration::from_millis(100);

/// What the listener knows of a connection it holds.
#[derive(Debug)]
struct Shared {
    /// When a byte was last read from it or written to it, in
    /// milliseconds since the listener started.
    heard: AtomicU64,
    /// It was chosen to make room: its next read or write fails.
    closed: AtomicBool,
    /// Wakes its task, so that it sees it is closed.
    waker: Mutex<Option<Waker>>,
}

impl Shared {
    fn close(&self) {
        self.closed.store(true, Ordering::Release);
        let waker = self.waker.lock().ok().and_then(|mut w| w.take());
        if let Some(w) = waker {
            w.wake();
        }
    }
}

/// A listener that holds at most `slots` connections, each closed after
/// `idle` without an answer.
pub(super) struct Bounded {
    inner: TcpListener,
    slots: Arc<Semaphore>,
    idle: Duration,
    /// The connections held (some may have closed already).
    live: Vec<Weak<Shared>>,
    started: Instant,
}

impl Bounded {
    /// `inner`, with at most `max` connections held at once.
    pub(super) fn new(inner: TcpListener, max: usize, idle: Duration) -> Bounded {
        Bounded {
            inner,
            slots: Arc::new(Semaphore::new(max.max(1))),
            idle,
            live: Vec::new(),
            started: Instant::now(),
        }
    }

    /// A slot for a new connection: a free one, or the one of the
    /// connection silent the longest, closed for it.
    async fn slot(&mut self) -> Option<OwnedSemaphorePermit> {
        loop {
            if let Ok(slot) = Arc::clone(&self.slots).try_acquire_owned() {
                return Some(slot);
            }
            self.live.retain(|w| w.strong_count() > 0);
            let quietest = self
                .live
                .iter()
                .filter_map(Weak::upgrade)
                .filter(|s| !s.closed.load(Ordering::Acquire))
                .min_by_key(|s| s.heard.load(Ordering::Relaxed));
            if let Some(s) = quietest {
                s.close();
            }
            match tokio::time::timeout(MAKE_ROOM, Arc::clone(&self.slots).acquire_owned()).await {
                Ok(Ok(slot)) => return Some(slot),
                Ok(Err(_)) => return None,
                Err(_) => {}
            }
        }
    }
}

/// A connection: its slot is given back when it is dropped.
pub(super) struct Conn {
    stream: TcpStream,
    _slot: OwnedSemaphorePermit,
    idle: Duration,
    deadline: Pin<Box<Sleep>>,
    shared: Arc<Shared>,
    started: Instant,
}

impl Conn {
    /// Notes activity on the connection.
    fn heard(&self) {
        let now = u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.shared.heard.store(now, Ordering::Relaxed);
    }

    /// Whether it was closed to make room; if not, its task is woken
    /// should that happen.
    fn closed(&self, cx: &Context<'_>) -> bool {
        if self.shared.closed.load(Ordering::Acquire) {
            return true;
        }
        if let Ok(mut w) = self.shared.waker.lock() {
            match w.as_ref() {
                Some(old) if old.will_wake(cx.waker()) => {}
                _ => *w = Some(cx.waker().clone()),
            }
        }
        self.shared.closed.load(Ordering::Acquire)
    }
}

fn made_room() -> io::Error {
    io::Error::new(
        io::ErrorKind::ConnectionAborted,
        "closed to make room for a new connection",
    )
}

impl axum::serve::Listener for Bounded {
    type Io = Conn;
    type Addr = std::net::SocketAddr;

    async fn accept(&mut self) -> (Conn, std::net::SocketAddr) {
        loop {
            match self.inner.accept().await {
                Ok((stream, addr)) => {
                    let Some(slot) = self.slot().await else {
                        continue;
                    };
                    let _ = stream.set_nodelay(true);
                    let shared = Arc::new(Shared {
                        heard: AtomicU64::new(0),
                        closed: AtomicBool::new(false),
                        waker: Mutex::new(None),
                    });
                    self.live.push(Arc::downgrade(&shared));
                    let conn = Conn {
                        stream,
                        _slot: slot,
                        idle: self.idle,
                        deadline: Box::pin(tokio::time::sleep(self.idle)),
                        shared,
                        started: self.started,
                    };
                    conn.heard();
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
        if self.closed(cx) {
            return Poll::Ready(Err(made_room()));
        }
        if self.deadline.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "no request answered in time",
            )));
        }
        let before = buf.filled().len();
        let read = Pin::new(&mut self.stream).poll_read(cx, buf);
        if matches!(read, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.heard();
        }
        read
    }
}

impl AsyncWrite for Conn {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if self.closed(cx) {
            return Poll::Ready(Err(made_room()));
        }
        let written = Pin::new(&mut self.stream).poll_write(cx, buf);
        if matches!(written, Poll::Ready(Ok(n)) if n > 0) {
            // An answer is going out: the connection may wait for the
            // next request as long again.
            let next = Instant::now() + self.idle;
            self.deadline.as_mut().reset(next);
            self.heard();
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
