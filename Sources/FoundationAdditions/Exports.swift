// What Foundation on Linux lacks and intent code written for Apple's systems uses, with Apple's
// names and behaviour: the user's folders as `URL` members, security-scoped access,
// `DateComponentsFormatter`, `MeasurementFormatter` and the `.localizedStandard` sort comparator.
// `AppIntents` and `Intents` re-export this module with Foundation.
@_exported import Foundation
