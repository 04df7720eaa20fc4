#ifndef OUTPOST_CSECRET_H
#define OUTPOST_CSECRET_H

// Outpost's use of libsecret, as small non-variadic C functions (variadic C does not import
// into Swift). Every call is synchronous D-Bus: callers keep them off event loops.
//
// libsecret (and with it GLib, GIO and GObject, eleven libraries) is loaded with dlopen at the
// first call, not by the loader at every start: the loader's work was 1.2 ms of a
// socket-activated start that never touches the keyring (docs/performance.md). Without
// libsecret installed every call fails with a message that says so.
//
// A failed call sets *error to a message (free it with free()); error may be NULL.

/// Stores (or replaces) a secret under Outpost's schema. 1 on success.
int outpost_secret_store(
    const char *connector, const char *account, const char *label, const char *secret, char **error);

/// The secret, or NULL when there is none (or the keyring is locked: libsecret does not say
/// which, so callers ask outpost_keyring_state). Free with outpost_secret_free, which wipes it.
char *outpost_secret_lookup(const char *connector, const char *account, char **error);

void outpost_secret_free(char *secret);

/// 1 when a secret was deleted, 0 when there was none (or on failure, with *error set).
int outpost_secret_clear(const char *connector, const char *account, char **error);

/// 0: default collection unlocked; 1: locked; 2: there is no default collection;
/// -1: the Secret Service could not be reached, or libsecret not loaded (error set).
int outpost_keyring_state(char **error);

/// Forgets libsecret's cached connection to the Secret Service, so that the next call finds the
/// service anew (after the keyring daemon restarted, the cached one points at a dead bus name).
void outpost_secret_reconnect(void);

#endif
