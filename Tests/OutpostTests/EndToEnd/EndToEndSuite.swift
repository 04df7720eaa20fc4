import Testing

/// Tests that run the real `outpostd` and `outpost` binaries. One at a time: each starts
/// processes, and the machine has two cores.
@Suite(.serialized, .offThePool) struct EndToEnd {}
