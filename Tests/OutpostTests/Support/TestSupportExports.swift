// The launcher, pipes and failures every test target shares (Tests/OutpostTestSupport), visible
// in every file of this target.
@_exported import OutpostTestSupport
