// Placeholder until the RFC 5545 parser lands.
enum CalendarPlaceholder {}
