import Foundation

/// A task executor with threads of its own, never the cooperative pool's: the jobs of a test that
/// blocks (a process wait, a socket read, a semaphore) run here, so that its blocking takes none
/// of the pool's few threads (two on a 2-core CI box) and cannot starve other tests' timers.
///
/// Elastic: a job that finds every thread busy gets a new one, so a task that blocks while its
/// own child task (which inherits the preference) must run cannot deadlock. Idle threads wait
/// for the next job until `shutdown()`; a job enqueued after that runs on a thread of its own.
public final class ThreadTaskExecutor: TaskExecutor, @unchecked Sendable {
  private let name: String
  /// Guards every field below.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var idleThreads = 0
  private var stopped = false

  public init(name: String) { self.name = name }

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    if stopped {
      condition.unlock()
      Thread.detachNewThread { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
      return
    }
    jobs.append(job)
    // More jobs waiting than threads waiting for them: one more thread, as a blocked thread
    // may be waiting for exactly this job.
    let spawn = jobs.count > idleThreads
    condition.signal()
    condition.unlock()
    if spawn { startThread() }
  }

  /// Lets the idle threads end once the queue is empty.
  public func shutdown() {
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
  }

  private func startThread() {
    let thread = Thread { [self] in
      while let job = nextJob() { job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
    thread.name = name
    thread.start()
  }

  /// The next job, or nil once stopped with nothing left.
  private func nextJob() -> UnownedJob? {
    condition.lock()
    defer { condition.unlock() }
    while jobs.isEmpty {
      if stopped { return nil }
      idleThreads += 1
      condition.wait()
      idleThreads -= 1
    }
    return jobs.removeFirst()
  }
}
