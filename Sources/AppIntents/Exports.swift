// Apple's App Intents framework makes Foundation visible to whoever imports it, so intent code
// that uses `Date`, `URL`, `NSString` or `LocalizedError` with only `import AppIntents` compiles;
// this module does the same.
@_exported import Foundation
// With what Foundation on Linux lacks and such code uses (`URL.documentsDirectory`,
// `DateComponentsFormatter`…), in place of Foundation's unavailable declarations.
@_exported import FoundationAdditions
