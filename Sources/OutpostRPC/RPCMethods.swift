/// Every method the daemon serves, in one list. Adding a method means: a file in `Methods/`, an
/// entry here, a handler in the daemon, an entry and an example in `rpc-schema/`. The schema
/// tests fail until all four agree.
public enum RPCMethods {
  public static let all: [any RPCMethod.Type] = [
    DaemonHello.self,
    DaemonStatus.self,
    EventsSubscribe.self,
    EventsUnsubscribe.self,
    AccountsList.self,
    AccountsAdd.self,
    AccountsLogin.self,
    AccountsLogout.self,
    AccountsResetPassword.self,
    AccountsRemove.self,
    AccountsStatus.self,
    AccountsKinds.self,
    AccountsLoginBegin.self,
    AccountsLoginWait.self,
    AccountsLoginCancel.self,
    ItemsList.self,
    ItemsLines.self,
    ItemsShow.self,
    ItemsResolve.self,
    SyncRun.self,
    SyncStatusMethod.self,
    ActionsAdd.self,
    ActionsKinds.self,
    ActionsPerform.self,
    ActionsList.self,
    ActionsResolve.self,
    QueriesKinds.self,
    QueriesRun.self,
    ImportsKinds.self,
    ImportsRun.self,
    CalendarExport.self,
    CalendarStatus.self,
    CalendarURL.self,
    CalendarCalDAVAdd.self,
    CalendarCalDAVRemove.self,
    CalendarCalDAVSync.self,
    SnapshotGet.self,
    NotificationsList.self,
    NotificationsRead.self,
    NotificationsPrefs.self,
    RemindersList.self,
    RemindersSnooze.self,
    RemindersDismiss.self,
    RemindersRules.self,
  ]

  public static let notifications: [any RPCNotification.Type] = [
    EventNotification.self
  ]
}
