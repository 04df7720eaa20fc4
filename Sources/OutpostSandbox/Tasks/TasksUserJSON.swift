/// The Auth user object (supabase.md §3.3), as the session JSON and `GET /auth/v1/user` carry it.
enum TasksUserJSON {
  static func user(_ user: SandboxTasksUser, lastSignIn: Int64?, clock: SandboxSharedClock) -> SandboxJSON {
    // The account "was created" a month before the sandbox started, at a fixed time of day, so
    // a pinned reference date gives identical user objects.
    let created = Int64((clock.calendar.anchorDay - 30) * 86_400 + 33_153) * 1_000_000 + 510_000
    let createdText = TasksTimestamps.auth(created)
    let signedInText = lastSignIn.map { SandboxJSON.string(TasksTimestamps.auth($0)) } ?? .null
    let email = user.email.lowercased()
    let identity = SandboxJSON.object([
      ("identity_id", .string(SandboxIdentifiers.stableUUID("tasks-identity:\(email)"))),
      ("id", .string(user.id)), ("user_id", .string(user.id)),
      (
        "identity_data",
        .object([
          ("email", .string(email)), ("email_verified", false), ("phone_verified", false), ("sub", .string(user.id)),
        ])
      ),
      ("provider", "email"), ("last_sign_in_at", .string(createdText)), ("created_at", .string(createdText)),
      ("updated_at", .string(createdText)), ("email", .string(email)),
    ])
    return .object([
      ("id", .string(user.id)), ("aud", "authenticated"), ("role", "authenticated"), ("email", .string(email)),
      ("email_confirmed_at", .string(createdText)), ("phone", ""), ("confirmed_at", .string(createdText)),
      ("last_sign_in_at", signedInText),
      ("app_metadata", .object([("provider", "email"), ("providers", .array(["email"]))])),
      ("user_metadata", .object([])), ("identities", .array([identity])), ("created_at", .string(createdText)),
      ("updated_at", .string(signedInText.stringValue ?? createdText)), ("is_anonymous", false),
    ])
  }
}
