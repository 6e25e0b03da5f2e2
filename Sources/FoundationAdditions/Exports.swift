// What Foundation on Linux lacks and intent code written for Apple's systems uses, with Apple's
// names and behaviour: the user's folders as `URL` members, security-scoped access,
// `DateComponentsFormatter`, `MeasurementFormatter`, the `.localizedStandard` sort comparator and
// `UndoManager`.
// `AppIntents` and `Intents` re-export this module with Foundation.
@_exported import Foundation
