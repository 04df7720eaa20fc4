// Outpost's use of libsecret, as small non-variadic C functions (variadic C does not import
// into Swift). Every call is synchronous D-Bus: callers keep them off event loops.
#include <libsecret/secret.h>

/// Outpost's schema: one secret per (connector kind, account id).
static inline const SecretSchema *outpost_secret_schema(void) {
  static const SecretSchema schema = {
    "org.outpost.Credential",
    SECRET_SCHEMA_NONE,
    {
      {"connector", SECRET_SCHEMA_ATTRIBUTE_STRING},
      {"account", SECRET_SCHEMA_ATTRIBUTE_STRING},
      {NULL, 0},
    },
  };
  return &schema;
}

static inline GHashTable *outpost_secret_attributes(const char *connector, const char *account) {
  GHashTable *attributes = g_hash_table_new(g_str_hash, g_str_equal);
  g_hash_table_insert(attributes, (gpointer) "connector", (gpointer)connector);
  g_hash_table_insert(attributes, (gpointer) "account", (gpointer)account);
  return attributes;
}

static inline gboolean outpost_secret_store(
    const char *connector, const char *account, const char *label, const char *secret, GError **error) {
  GHashTable *attributes = outpost_secret_attributes(connector, account);
  gboolean stored = secret_password_storev_sync(
      outpost_secret_schema(), attributes, SECRET_COLLECTION_DEFAULT, label, secret, NULL, error);
  g_hash_table_unref(attributes);
  return stored;
}

/// The secret, or NULL when there is none (or the keyring is locked: libsecret does not say
/// which, so callers ask outpost_keyring_state). Free with secret_password_free, which wipes it.
static inline gchar *outpost_secret_lookup(const char *connector, const char *account, GError **error) {
  GHashTable *attributes = outpost_secret_attributes(connector, account);
  gchar *secret = secret_password_lookupv_sync(outpost_secret_schema(), attributes, NULL, error);
  g_hash_table_unref(attributes);
  return secret;
}

static inline gboolean outpost_secret_clear(const char *connector, const char *account, GError **error) {
  GHashTable *attributes = outpost_secret_attributes(connector, account);
  gboolean removed = secret_password_clearv_sync(outpost_secret_schema(), attributes, NULL, error);
  g_hash_table_unref(attributes);
  return removed;
}

/// 0: default collection unlocked; 1: locked; 2: there is no default collection;
/// -1: the Secret Service could not be reached (error set).
/// The Locked property is asked of the service each time: the collection proxy's cached copy
/// goes stale when the keyring daemon restarts (a fresh daemon sends no PropertiesChanged).
static inline int outpost_keyring_state(GError **error) {
  SecretService *service = secret_service_get_sync(SECRET_SERVICE_NONE, NULL, error);
  if (service == NULL) return -1;
  SecretCollection *collection = secret_collection_for_alias_sync(
      service, SECRET_COLLECTION_DEFAULT, SECRET_COLLECTION_NONE, NULL, error);
  g_object_unref(service);
  if (collection == NULL) return (error != NULL && *error != NULL) ? -1 : 2;
  GVariant *reply = g_dbus_proxy_call_sync(
      G_DBUS_PROXY(collection), "org.freedesktop.DBus.Properties.Get",
      g_variant_new("(ss)", "org.freedesktop.Secret.Collection", "Locked"), G_DBUS_CALL_FLAGS_NONE, 5000, NULL,
      error);
  g_object_unref(collection);
  if (reply == NULL) return -1;
  GVariant *value = NULL;
  g_variant_get(reply, "(v)", &value);
  int locked = (value != NULL && g_variant_is_of_type(value, G_VARIANT_TYPE_BOOLEAN) && g_variant_get_boolean(value)) ? 1 : 0;
  if (value != NULL) g_variant_unref(value);
  g_variant_unref(reply);
  return locked;
}

/// Forgets libsecret's cached connection to the Secret Service, so that the next call finds the
/// service anew (after the keyring daemon restarted, the cached one points at a dead bus name).
static inline void outpost_secret_reconnect(void) { secret_service_disconnect(); }

/// Takes the GError's message (and frees the error); NULL-safe.
static inline char *outpost_take_error_message(GError *error) {
  if (error == NULL) return NULL;
  char *message = g_strdup(error->message);
  g_error_free(error);
  return message;
}
