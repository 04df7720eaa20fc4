#if canImport(Glibc)
  import Glibc
#endif

/// posix_spawn with an explicit environment and stdout/stderr sent to a file (or /dev/null).
func spawn(_ path: String, _ arguments: [String], environment: [String: String], output: String = "/dev/null") -> pid_t
{
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o600)
  posix_spawn_file_actions_adddup2(&actions, 1, 2)
  let argv = ([path] + arguments).map { strdup($0) } + [nil]
  let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    for pointer in argv { free(pointer) }
    for pointer in envp { free(pointer) }
  }
  var pid: pid_t = 0
  let result = posix_spawn(&pid, path, &actions, nil, argv, envp)
  precondition(result == 0, "cannot start \(path): \(String(cString: strerror(result)))")
  return pid
}

/// Waits for `pid` and returns its exit status (or 128 + signal).
@discardableResult
func waitForExit(_ pid: pid_t) -> Int32 {
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  if status & 0x7f == 0 { return (status >> 8) & 0xff }
  return 128 + (status & 0x7f)
}
