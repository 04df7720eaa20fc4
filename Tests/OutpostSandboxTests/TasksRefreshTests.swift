import Foundation
import OutpostSandbox
import Testing

/// Refresh-token rotation and GoTrue's reuse detection (supabase.md §3.4), and access-token
/// expiry. Time moves on the sandbox clock only; nothing here sleeps.
@Suite struct TasksRefreshTests {
  @Test func everyRefreshRotatesTheToken() async throws {
    try await withTasksSandbox { server, tasks in
      let first = try await tasks.signIn()
      let second = try TasksSession(try await tasks.refresh(first.refreshToken))
      #expect(second.refreshToken != first.refreshToken)
      let third = try TasksSession(try await tasks.refresh(second.refreshToken))
      #expect(Set([first.refreshToken, second.refreshToken, third.refreshToken]).count == 3)
      #expect(try await tasks.list(bearer: third.accessToken).ids().count == 8)
      #expect(await server.tasks.stats().refreshes == 2)
    }
  }

  /// Case 1: the client lost the reply to its refresh and presents the old token again, long
  /// after the reuse interval: it gets the token it missed, not a new one.
  @Test func theParentOfTheActiveTokenGetsTheActiveTokenAgain() async throws {
    try await withTasksSandbox { server, tasks in
      let first = try await tasks.signIn()
      let lost = try TasksSession(try await tasks.refresh(first.refreshToken))
      await server.tasks.advanceClock(seconds: 600)
      let again = try await tasks.refresh(first.refreshToken)
      #expect(again.status == 200)
      let recovered = try TasksSession(again)
      #expect(recovered.refreshToken == lost.refreshToken)
      #expect(recovered.accessToken != lost.accessToken)
      // It really is the live token: it rotates normally.
      #expect(try await tasks.refresh(lost.refreshToken).status == 200)
    }
  }

  /// Case 2: an older revoked token within the reuse interval is accepted and yields a child.
  @Test func anOlderTokenIsAcceptedWithinTheReuseInterval() async throws {
    try await withTasksSandbox { server, tasks in
      let first = try await tasks.signIn()
      let second = try TasksSession(try await tasks.refresh(first.refreshToken))
      let third = try TasksSession(try await tasks.refresh(second.refreshToken))
      await server.tasks.advanceClock(seconds: 5)
      let reused = try await tasks.refresh(first.refreshToken)
      #expect(reused.status == 200, "\(reused.body)")
      let child = try TasksSession(reused)
      #expect(![first.refreshToken, second.refreshToken, third.refreshToken].contains(child.refreshToken))
      #expect(await server.tasks.stats().reuseRejected == 0)
    }
  }

  /// Case 3: outside the interval the reuse looks like theft: the whole family is revoked, so
  /// even the token that was active fails from then on.
  @Test func reuseOutsideTheIntervalRevokesTheFamily() async throws {
    try await withTasksSandbox { server, tasks in
      let other = try await tasks.signIn()
      let first = try await tasks.signIn()
      let second = try TasksSession(try await tasks.refresh(first.refreshToken))
      let active = try TasksSession(try await tasks.refresh(second.refreshToken))
      await server.tasks.advanceClock(seconds: 11)
      let stolen = try await tasks.refresh(first.refreshToken)
      #expect(stolen.status == 400)
      #expect(stolen.header("x-sb-error-code") == "refresh_token_already_used")
      #expect(try stolen.jsonObject()["code"] as? String == "refresh_token_already_used")
      let afterwards = try await tasks.refresh(active.refreshToken)
      #expect(afterwards.status == 400)
      #expect(try afterwards.jsonObject()["code"] as? String == "refresh_token_already_used")
      #expect(try await tasks.refresh(second.refreshToken).status == 400)
      // Another session of the same user is a different family.
      #expect(try await tasks.refresh(other.refreshToken).status == 200)
      let stats = await server.tasks.stats()
      #expect(stats.reuseRejected == 3)
      #expect(stats.activeSessions == 1)
    }
  }

  @Test func theReuseIntervalIsConfigurable() async throws {
    try await withTasksSandbox { server, tasks in
      await server.tasks.setReuseInterval(seconds: 120)
      let first = try await tasks.signIn()
      let second = try TasksSession(try await tasks.refresh(first.refreshToken))
      _ = try TasksSession(try await tasks.refresh(second.refreshToken))
      await server.tasks.advanceClock(seconds: 60)
      #expect(try await tasks.refresh(first.refreshToken).status == 200)
    }
  }

  @Test func accessTokensExpireOnTheSandboxClock() async throws {
    try await withTasksSandbox { server, tasks in
      let config = try await tasks.client.postJSON(
        "/__admin/mutate", #"{"service":"tasks","op":"config","accessTokenLifetimeSeconds":5}"#)
      #expect(config.status == 200)
      let session = try await tasks.signIn()
      #expect(session.object["expires_in"] as? Int == 5)
      // The lifetime is 5 s, but the machine may be slow: a longer one keeps the first read safe.
      await server.tasks.setAccessTokenLifetime(seconds: 60)
      let fresh = try TasksSession(try await tasks.refresh(session.refreshToken))
      #expect(try await tasks.list(bearer: fresh.accessToken).status == 200)
      await server.tasks.advanceClock(seconds: 61)
      let expired = try await tasks.list(bearer: fresh.accessToken)
      #expect(expired.status == 401)
      #expect(expired.body == #"{"code":"PGRST301","details":null,"hint":null,"message":"JWT expired"}"#)
      #expect(expired.header("WWW-Authenticate")?.contains("JWT expired") == true)
      // The refresh token outlives the access token.
      let renewed = try TasksSession(try await tasks.refresh(fresh.refreshToken))
      #expect(try await tasks.list(bearer: renewed.accessToken).ids().count == 8)
    }
  }
}
