//! Independent jobs on a few threads. Each thread takes the next job in the
//! order given, so a caller that lists the longest first finishes on a short
//! one (the same schedule as the app's worker pool).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// `f` of every job, on up to `threads` threads; the answers in the jobs' order.
pub fn map_in_order<T: Sync, R: Send>(
    jobs: &[T],
    threads: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, R)>> = Mutex::new(Vec::with_capacity(jobs.len()));
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, jobs.len().max(1)) {
            scope.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = jobs.get(k) else { break };
                let r = f(job);
                done.lock().expect("no panics while locked").push((k, r));
            });
        }
    });
    let mut done = done.into_inner().expect("threads joined");
    done.sort_by_key(|d| d.0);
    done.into_iter().map(|d| d.1).collect()
}

/// The number of threads when the user names none: one per core.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_job_once_in_order_whatever_the_threads() {
        let jobs: Vec<u64> = (0..100).collect();
        for threads in [0, 1, 2, 7, 200] {
            let out = map_in_order(&jobs, threads, |&j| {
                // Uneven work, so that threads finish out of order.
                std::thread::sleep(std::time::Duration::from_micros((j * 37) % 300));
                j * j
            });
            assert_eq!(
                out,
                jobs.iter().map(|j| j * j).collect::<Vec<_>>(),
                "{threads} threads"
            );
        }
        assert!(map_in_order(&[] as &[u8], 2, |&x| x).is_empty());
    }
}
