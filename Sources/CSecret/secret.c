#define _GNU_SOURCE
#include "CSecret.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// GLib's and libsecret's types as far as this file uses them, declared here because their
// headers are not read (nothing links against the libraries). All are stable public ABI:
// GError's three fields, gboolean and the enums as int, the rest as opaque pointers.
typedef struct {
  unsigned int domain;
  int code;
  char *message;
} GErrorABI;
typedef void GHashTableABI;
typedef unsigned int (*GHashFuncABI)(const void *);
typedef int (*GEqualFuncABI)(const void *, const void *);

enum {
  SECRET_SCHEMA_NONE = 0,
  SECRET_SCHEMA_ATTRIBUTE_STRING = 0,
  SECRET_SERVICE_NONE = 0,
  SECRET_COLLECTION_NONE = 0,
  G_DBUS_CALL_FLAGS_NONE = 0,
};
static const char *const collection_default = "default";  // SECRET_COLLECTION_DEFAULT

static struct {
  char *failure;  // why libsecret could not be loaded; NULL once loaded
  GHashTableABI *(*hash_table_new)(GHashFuncABI, GEqualFuncABI);
  int (*hash_table_insert)(GHashTableABI *, void *, void *);
  void (*hash_table_unref)(GHashTableABI *);
  GHashFuncABI str_hash;
  GEqualFuncABI str_equal;
  void (*error_free)(GErrorABI *);
  void (*object_unref)(void *);
  void *(*variant_new)(const char *, ...);
  void (*variant_get)(void *, const char *, ...);
  int (*variant_is_of_type)(void *, const char *);
  int (*variant_get_boolean)(void *);
  void (*variant_unref)(void *);
  void *(*dbus_proxy_call_sync)(void *, const char *, void *, int, int, void *, GErrorABI **);
  void *(*schema_newv)(const char *, int, GHashTableABI *);
  int (*password_storev_sync)(const void *, GHashTableABI *, const char *, const char *, const char *, void *,
                              GErrorABI **);
  char *(*password_lookupv_sync)(const void *, GHashTableABI *, void *, GErrorABI **);
  int (*password_clearv_sync)(const void *, GHashTableABI *, void *, GErrorABI **);
  void (*password_free)(char *);
  void *(*service_get_sync)(int, void *, GErrorABI **);
  void *(*collection_for_alias_sync)(void *, const char *, int, void *, GErrorABI **);
  void (*service_disconnect)(void);
  void *schema;  // Outpost's: one secret per (connector kind, account id)
} lib;

static pthread_once_t loading = PTHREAD_ONCE_INIT;

static void fail_loading(const char *what) {
  const char *format = "libsecret cannot be loaded (%s); install it (Debian: apt install libsecret-1-0)";
  size_t size = strlen(format) + strlen(what) + 1;
  lib.failure = malloc(size);
  if (lib.failure != NULL) snprintf(lib.failure, size, format, what);
}

static void load(void) {
  // Never closed: GLib's type system cannot be unloaded.
  void *handle = dlopen("libsecret-1.so.0", RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) {
    const char *reason = dlerror();
    fail_loading(reason != NULL ? reason : "libsecret-1.so.0 was not found");
    return;
  }
  // dlsym on the handle also finds GLib's functions: it searches libsecret's dependencies.
#define RESOLVE(field, symbol)                                   \
  do {                                                           \
    lib.field = (__typeof__(lib.field))dlsym(handle, symbol);    \
    if (lib.field == NULL) {                                     \
      fail_loading(symbol " is missing from libsecret or GLib"); \
      return;                                                    \
    }                                                            \
  } while (0)
  RESOLVE(hash_table_new, "g_hash_table_new");
  RESOLVE(hash_table_insert, "g_hash_table_insert");
  RESOLVE(hash_table_unref, "g_hash_table_unref");
  RESOLVE(str_hash, "g_str_hash");
  RESOLVE(str_equal, "g_str_equal");
  RESOLVE(error_free, "g_error_free");
  RESOLVE(object_unref, "g_object_unref");
  RESOLVE(variant_new, "g_variant_new");
  RESOLVE(variant_get, "g_variant_get");
  RESOLVE(variant_is_of_type, "g_variant_is_of_type");
  RESOLVE(variant_get_boolean, "g_variant_get_boolean");
  RESOLVE(variant_unref, "g_variant_unref");
  RESOLVE(dbus_proxy_call_sync, "g_dbus_proxy_call_sync");
  RESOLVE(schema_newv, "secret_schema_newv");
  RESOLVE(password_storev_sync, "secret_password_storev_sync");
  RESOLVE(password_lookupv_sync, "secret_password_lookupv_sync");
  RESOLVE(password_clearv_sync, "secret_password_clearv_sync");
  RESOLVE(password_free, "secret_password_free");
  RESOLVE(service_get_sync, "secret_service_get_sync");
  RESOLVE(collection_for_alias_sync, "secret_collection_for_alias_sync");
  RESOLVE(service_disconnect, "secret_service_disconnect");
#undef RESOLVE
  // The schema libsecret's static SecretSchema would be: name, no flags, two string attributes
  // (a NULL value is GINT_TO_POINTER(SECRET_SCHEMA_ATTRIBUTE_STRING)).
  GHashTableABI *types = lib.hash_table_new(lib.str_hash, lib.str_equal);
  lib.hash_table_insert(types, (void *)"connector", (void *)(long)SECRET_SCHEMA_ATTRIBUTE_STRING);
  lib.hash_table_insert(types, (void *)"account", (void *)(long)SECRET_SCHEMA_ATTRIBUTE_STRING);
  lib.schema = lib.schema_newv("org.outpost.Credential", SECRET_SCHEMA_NONE, types);
  lib.hash_table_unref(types);
  if (lib.schema == NULL) fail_loading("secret_schema_newv failed");
}

/// Loads libsecret once; 0 (with *error set) when it cannot be.
static int loaded(char **error) {
  pthread_once(&loading, load);
  if (lib.failure == NULL) return 1;
  if (error != NULL) *error = strdup(lib.failure);
  return 0;
}

/// Moves a GError's message into *error and frees the GError; NULL-safe.
static void take(GErrorABI *failure, char **error) {
  if (failure == NULL) return;
  if (error != NULL) *error = strdup(failure->message != NULL ? failure->message : "unknown Secret Service error");
  lib.error_free(failure);
}

static GHashTableABI *attributes(const char *connector, const char *account) {
  GHashTableABI *table = lib.hash_table_new(lib.str_hash, lib.str_equal);
  lib.hash_table_insert(table, (void *)"connector", (void *)connector);
  lib.hash_table_insert(table, (void *)"account", (void *)account);
  return table;
}

int outpost_secret_store(
    const char *connector, const char *account, const char *label, const char *secret, char **error) {
  if (!loaded(error)) return 0;
  GHashTableABI *table = attributes(connector, account);
  GErrorABI *failure = NULL;
  int stored = lib.password_storev_sync(lib.schema, table, collection_default, label, secret, NULL, &failure);
  lib.hash_table_unref(table);
  take(failure, error);
  return stored;
}

char *outpost_secret_lookup(const char *connector, const char *account, char **error) {
  if (!loaded(error)) return NULL;
  GHashTableABI *table = attributes(connector, account);
  GErrorABI *failure = NULL;
  char *secret = lib.password_lookupv_sync(lib.schema, table, NULL, &failure);
  lib.hash_table_unref(table);
  take(failure, error);
  return secret;
}

void outpost_secret_free(char *secret) {
  if (secret != NULL && loaded(NULL)) lib.password_free(secret);
}

int outpost_secret_clear(const char *connector, const char *account, char **error) {
  if (!loaded(error)) return 0;
  GHashTableABI *table = attributes(connector, account);
  GErrorABI *failure = NULL;
  int removed = lib.password_clearv_sync(lib.schema, table, NULL, &failure);
  lib.hash_table_unref(table);
  take(failure, error);
  return removed;
}

// The Locked property is asked of the service each time: the collection proxy's cached copy
// goes stale when the keyring daemon restarts (a fresh daemon sends no PropertiesChanged).
int outpost_keyring_state(char **error) {
  if (!loaded(error)) return -1;
  GErrorABI *failure = NULL;
  void *service = lib.service_get_sync(SECRET_SERVICE_NONE, NULL, &failure);
  if (service == NULL) {
    take(failure, error);
    return -1;
  }
  void *collection =
      lib.collection_for_alias_sync(service, collection_default, SECRET_COLLECTION_NONE, NULL, &failure);
  lib.object_unref(service);
  if (collection == NULL) {
    int unreachable = failure != NULL;
    take(failure, error);
    return unreachable ? -1 : 2;
  }
  // A SecretCollection is a GDBusProxy.
  void *reply = lib.dbus_proxy_call_sync(
      collection, "org.freedesktop.DBus.Properties.Get",
      lib.variant_new("(ss)", "org.freedesktop.Secret.Collection", "Locked"), G_DBUS_CALL_FLAGS_NONE, 5000, NULL,
      &failure);
  lib.object_unref(collection);
  if (reply == NULL) {
    take(failure, error);
    return -1;
  }
  void *value = NULL;
  lib.variant_get(reply, "(v)", &value);
  // "b" is G_VARIANT_TYPE_BOOLEAN.
  int locked = (value != NULL && lib.variant_is_of_type(value, "b") && lib.variant_get_boolean(value)) ? 1 : 0;
  if (value != NULL) lib.variant_unref(value);
  lib.variant_unref(reply);
  return locked;
}

void outpost_secret_reconnect(void) {
  if (loaded(NULL)) lib.service_disconnect();
}
