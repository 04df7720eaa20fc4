import CLibFuzzer
import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// What every target does around the code under test. SwiftPM links an executable's `main` to
/// `<module>_main`, so each target defines that and hands its body to `run`, which starts
/// libFuzzer's driver. The harness times each input and, when the fuzzer exits, prints the
/// slowest one and keeps it in `$FUZZ_SLOWEST_FILE`, so that contrib/fuzz.sh can hold the "no
/// input slower than 100 ms" promise without a timing assertion inside the run.
public enum FuzzHarness {
  nonisolated(unsafe) private static var body: ([UInt8]) -> Void = { _ in }
  nonisolated(unsafe) private static var slowestNanoseconds: UInt64 = 0
  nonisolated(unsafe) private static var slowestInput: [UInt8] = []
  nonisolated(unsafe) private static var executions = 0

  /// Runs libFuzzer with the process's arguments, calling `body` with each input.
  public static func run(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, _ body: @escaping ([UInt8]) -> Void
  ) -> Int32 {
    Self.body = body
    atexit { FuzzHarness.report() }
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { start, size in
      FuzzHarness.one(start, size)
      return 0
    }
  }

  private static func one(_ start: UnsafePointer<UInt8>?, _ count: Int) {
    let bytes = count == 0 || start == nil ? [] : Array(UnsafeBufferPointer(start: start, count: count))
    let began = monotonicNanoseconds()
    body(bytes)
    let elapsed = monotonicNanoseconds() - began
    executions += 1
    if elapsed > slowestNanoseconds {
      slowestNanoseconds = elapsed
      slowestInput = bytes
    }
  }

  private static func report() {
    let milliseconds = Double(slowestNanoseconds) / 1_000_000
    let line = "fuzz-harness: \(executions) inputs, slowest \(milliseconds) ms (\(slowestInput.count) bytes)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    guard let path = getenv("FUZZ_SLOWEST_FILE"), let file = fopen(path, "wb") else { return }
    _ = slowestInput.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
  }

  private static func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
  }
}

extension FuzzHarness {
  private final class Box<T>: @unchecked Sendable {
    var value: T?
  }

  /// Runs async code from the fuzzer's (synchronous) thread and waits for its result. The task
  /// starts on this thread and, when nothing in it suspends, ends here too: no thread hop.
  public static func wait<T>(_ work: @escaping @Sendable () async -> T) -> T {
    let box = Box<T>()
    let done = DispatchSemaphore(value: 0)
    Task.immediate {
      box.value = await work()
      done.signal()
    }
    done.wait()
    return box.value!
  }
}
