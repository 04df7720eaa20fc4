import NIOHTTP1

/// What every data endpoint checks before it looks at its own arguments, in upstream's order:
/// the body must be a form Flow can map (URL-encoded, labelled form or text/plain), POST and PUT
/// need the session's CSRF token, and the data is scoped to the session's active association.
struct VolleyManagerCaller {
  let user: SandboxUser
  let association: SandboxAssociation
  let form: FormFields
  /// Unix seconds of the request on the sandbox clock.
  let now: Int
}

/// A reply that ends a data request early (stale session, bad body, refused action).
struct VolleyManagerRejection: Error {
  var response: SandboxResponse
}

enum VolleyManagerDataAPI {
  static let refadmin = "/api/indoorvolleyball.refadmin/api%5C"

  typealias Handler =
    @Sendable (VolleyManagerContext, VolleyManagerCaller) throws(VolleyManagerRejection) ->
    SandboxResponse

  /// A data endpoint under `/api/indoorvolleyball.refadmin/api%5C<action>`: the handler runs
  /// only for an accepted caller, and may end early by throwing a rejection.
  static func route(_ method: HTTPMethod, _ action: String, _ handler: @escaping Handler) -> VolleyManagerRoute {
    VolleyManagerRoute(method: method, path: refadmin + action) { context in
      do throws(VolleyManagerRejection) {
        return try handler(context, try caller(context))
      } catch {
        return error.response
      }
    }
  }

  /// The caller, or the rejection that turns the request away.
  static func caller(_ context: VolleyManagerContext) throws(VolleyManagerRejection) -> VolleyManagerCaller {
    let request = context.request
    guard let session = context.session else { throw reject(VolleyManagerPages.staleSession(status: 406)) }
    let formTypes: Set<String?> = [nil, "application/x-www-form-urlencoded", "text/plain"]
    guard formTypes.contains(request.mediaType), let form = request.formFields else {
      throw reject(
        VolleyManagerPages.internalError(
          "The request arguments could not be mapped from \(request.mediaType ?? "the body")."))
    }
    if request.method == .POST || request.method == .PUT {
      guard let token = form["__csrfToken"], token == session.csrfToken else {
        throw reject(VolleyManagerPages.forbidden("CSRF token is missing or invalid."))
      }
    }
    let found = context.sandbox.withState { state -> (SandboxUser, SandboxAssociation, Int)? in
      guard let username = session.username, let user = state.users[username] else { return nil }
      let active = session.activeOccupationID.flatMap { user.occupation(withID: $0) }?.association
      guard let association = active ?? user.associations.first else { return nil }
      return (user, association, state.data.clock.seconds(at: context.now))
    }
    guard let (user, association, now) = found else {
      throw reject(VolleyManagerPages.forbidden("The active party has no referee role."))
    }
    return VolleyManagerCaller(user: user, association: association, form: form, now: now)
  }

  /// Parses `searchConfiguration`, or rejects with the 500 Flow gives for an unmappable value.
  static func search(_ caller: VolleyManagerCaller) throws(VolleyManagerRejection) -> VolleyManagerSearchConfiguration {
    do {
      return try VolleyManagerSearchConfiguration(form: caller.form)
    } catch {
      throw reject(VolleyManagerPages.internalError("The search configuration could not be mapped: \(error.detail)"))
    }
  }

  /// `{"items":[…],"totalItemsCount":N}`. With the malformed-reply knob on, a seeded fraction
  /// of these replies is cut short mid-JSON, as a dropped connection or a PHP fatal error
  /// would leave it; clients must treat that as a failed fetch, not as an empty list.
  static func list(_ items: [SandboxJSON], total: Int, context: VolleyManagerContext) -> SandboxResponse {
    var response = SandboxResponse.json(
      .ok, .object([("items", .array(items)), ("totalItemsCount", .int(total))]))
    let malformed = context.sandbox.withState { state -> Bool in
      guard state.settings.malformedRate > 0, state.rng.nextUnitInterval() < state.settings.malformedRate else {
        return false
      }
      state.stats.malformedReplies += 1
      return true
    }
    if malformed { response.body = Array(response.body.prefix(max(1, response.body.count / 2))) }
    return response
  }

  static func reject(_ response: SandboxResponse) -> VolleyManagerRejection {
    VolleyManagerRejection(response: response)
  }

  /// Upstream answers a refused state change with an HTML error page; 400 keeps it apart from
  /// the statuses clients read as "session expired" (401, 403, 406).
  static func reject(_ refusal: VolleyManagerBook.Refusal) -> VolleyManagerRejection {
    switch refusal {
    case .unknown: reject(VolleyManagerPages.noResourceSpecified())
    case .notAllowed(let detail): reject(VolleyManagerPages.badRequest(detail))
    }
  }
}
