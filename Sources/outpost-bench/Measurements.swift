#if canImport(Glibc)
  import Glibc
#endif

/// Monotonic time in nanoseconds.
func nowNanoseconds() -> UInt64 {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// Latency samples in nanoseconds, summarised as percentiles.
struct Samples {
  private(set) var values: [UInt64] = []

  mutating func add(_ nanoseconds: UInt64) { values.append(nanoseconds) }
  mutating func add(contentsOf other: Samples) { values += other.values }

  func percentile(_ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let index = min(sorted.count - 1, Int((Double(sorted.count) * p / 100).rounded(.up)) - 1)
    return Double(sorted[max(0, index)])
  }

  var count: Int { values.count }
}

/// "12.3 MiB".
func formatKiB(_ kib: Int) -> String { String(format2: Double(kib) / 1024) + " MiB" }

/// "123 µs", "4.56 ms".
func formatDuration(_ nanoseconds: Double) -> String {
  if nanoseconds >= 1_000_000 { return String(format2: nanoseconds / 1_000_000) + " ms" }
  return String(format2: nanoseconds / 1_000) + " µs"
}

extension String {
  /// A number with two decimals, without Foundation's formatters.
  init(format2 value: Double) {
    let scaled = Int((value * 100).rounded())
    let fraction = abs(scaled % 100)
    self = "\(scaled / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}

/// What /proc says about a process: resident memory and context switches of all its threads
/// (every wake-up of a sleeping thread is a voluntary context switch).
struct ProcessSample {
  var residentKiB: Int
  /// Proportional set size: shared library pages divided among the processes that map them.
  var proportionalKiB: Int
  /// Private anonymous memory: the daemon's own heap and stacks.
  var anonymousKiB: Int
  /// Context switches per thread id.
  var contextSwitches: [Int: Int]
  var threads: Int { contextSwitches.count }

  /// Wake-ups between `earlier` and this sample: context switches of threads alive in both,
  /// plus all of those of threads that appeared since.
  func wakeups(since earlier: ProcessSample) -> Int {
    contextSwitches.reduce(0) { sum, entry in sum + entry.value - (earlier.contextSwitches[entry.key] ?? 0) }
  }

  static func read(pid: Int32) -> ProcessSample? {
    guard let status = readFile("/proc/\(pid)/status") else { return nil }
    let rss = field("VmRSS:", in: status) ?? 0
    let rollup = readFile("/proc/\(pid)/smaps_rollup") ?? ""
    let pss = field("Pss:", in: rollup) ?? 0
    let anonymous = field("Pss_Anon:", in: rollup) ?? 0
    var switches: [Int: Int] = [:]
    if let directory = opendir("/proc/\(pid)/task") {
      while let entry = readdir(directory) {
        // Up to the NUL only: the record may end before the 256 bytes of `d_name` do.
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
        let name = String(cString: UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self))
        guard let tid = Int(name), let taskStatus = readFile("/proc/\(pid)/task/\(name)/status") else { continue }
        switches[tid] =
          (field("voluntary_ctxt_switches:", in: taskStatus) ?? 0)
          + (field("nonvoluntary_ctxt_switches:", in: taskStatus) ?? 0)
      }
      closedir(directory)
    }
    return ProcessSample(residentKiB: rss, proportionalKiB: pss, anonymousKiB: anonymous, contextSwitches: switches)
  }

  private static func field(_ name: String, in text: String) -> Int? {
    for line in text.split(separator: "\n") where line.hasPrefix(name) {
      return Int(line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
    }
    return nil
  }
}

func readFile(_ path: String) -> String? {
  let fd = open(path, O_RDONLY)
  guard fd >= 0 else { return nil }
  defer { close(fd) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = read(fd, &buffer, buffer.count)
    if count <= 0 { break }
    bytes += buffer[..<count]
  }
  return String(decoding: bytes, as: UTF8.self)
}
