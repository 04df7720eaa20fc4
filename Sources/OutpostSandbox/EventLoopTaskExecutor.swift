import NIOCore

/// A task executor that runs its jobs on one NIO event loop. A request task created with it as
/// its preference (and every default actor it calls, such as jwt-kit's key collection) runs on
/// the loop that serves the connection, as the synchronous handlers did, instead of waiting for
/// a thread of the cooperative pool, which the tests may keep busy.
final class EventLoopTaskExecutor: TaskExecutor {
  let eventLoop: any EventLoop

  init(_ eventLoop: any EventLoop) { self.eventLoop = eventLoop }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}
