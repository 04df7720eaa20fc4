import OutpostModel

/// A feed's content lines read in parts at the same time: on one core, they were half of the
/// parse of a 10,000-event feed in its first sync (issue 20).
///
/// The input is cut where logical lines begin, so that each part is read exactly as the whole
/// input's reading reads it; each part's first line number comes from counting the line breaks
/// of the parts before it, and the warnings are gathered in order.
enum ContentLineParts {
  /// One part per core, none under 128 KiB (about 200 events): below that, waking another
  /// thread costs more than it saves.
  static let parallelism = Parallelism(parts: Parallelism.machine.parts, minimumChunk: 128 << 10)

  /// `ContentLineReader.read(bytes, warnings:)`'s lines, in parts, and its warnings.
  static func read(_ bytes: [UInt8], warnings: inout Warnings, parallelism: Parallelism = parallelism)
    -> [[ContentLine]]
  {
    let start = ContentLineReader.firstByte(of: bytes)
    let starts = partStarts(bytes, from: start, parts: parallelism.chunkCount(bytes.count - start))
    guard starts.count > 1 else { return [ContentLineReader.read(bytes, warnings: &warnings)] }
    let ends = Array(starts.dropFirst()) + [bytes.count]
    let eachOnItsOwn = Parallelism(parts: starts.count, minimumChunk: 1)
    let breaks = ParallelChunks.map(starts.count, eachOnItsOwn) { part, _ in
      lineBreaks(bytes, from: starts[part], to: ends[part])
    }
    var firstLines = [1]
    for count in breaks.dropLast() { firstLines.append(firstLines[firstLines.count - 1] + count) }
    let parts = ParallelChunks.map(starts.count, eachOnItsOwn) { part, _ in
      var partWarnings = Warnings()
      let lines = ContentLineReader.read(
        bytes, from: starts[part], to: ends[part], firstLine: firstLines[part], warnings: &partWarnings)
      return (lines: lines, warnings: partWarnings)
    }
    // Every warning of the reader names its line, so no part repeats another's.
    for part in parts { warnings.append(part.warnings) }
    return parts.map(\.lines)
  }

  /// Where each part begins: `start`, then for each later part the first logical line that
  /// begins at or after its even share of the bytes. Fewer parts when lines are that long.
  static func partStarts(_ bytes: [UInt8], from start: Int, parts: Int) -> [Int] {
    var starts = [start]
    guard parts > 1 else { return starts }
    for part in 1..<parts {
      var position = max(start + (bytes.count - start) * part / parts, starts[starts.count - 1] + 1)
      while position < bytes.count, !beginsLogicalLine(bytes, at: position) { position += 1 }
      guard position < bytes.count else { break }
      starts.append(position)
    }
    return starts
  }

  /// Whether a logical line begins at `position` (after the first byte): right after a line
  /// break (LF, or a CR that no LF follows) and not a fold (a space or a tab after a break
  /// continues the line before it).
  static func beginsLogicalLine(_ bytes: [UInt8], at position: Int) -> Bool {
    let before = bytes[position - 1]
    let here = bytes[position]
    let afterBreak = before == 0x0A || (before == 0x0D && here != 0x0A)
    return afterBreak && here != 0x20 && here != 0x09
  }

  /// The line breaks in `bytes[start..<end]` as the reader counts them: each LF, and each CR
  /// that no LF follows inside the range (CRLF is one break).
  static func lineBreaks(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      var count = 0
      var index = start
      while index < end {
        let byte = buffer[index]
        if byte == 0x0A || (byte == 0x0D && (index + 1 == end || buffer[index + 1] != 0x0A)) { count += 1 }
        index += 1
      }
      return count
    }
  }
}
