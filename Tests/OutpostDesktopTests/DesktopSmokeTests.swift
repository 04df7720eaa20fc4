import OutpostDesktop
import Testing

@Test func stderrIsNotTheJournalWithoutJournalStream() {
  #expect(Systemd.stderrIsJournal(environment: [:]) == false)
}
