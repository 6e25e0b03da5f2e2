// Apple's App Intents framework makes Foundation visible to whoever imports it, so intent code
// that uses `Date`, `URL`, `NSString` or `LocalizedError` with only `import AppIntents` compiles;
// this module does the same.
@_exported import Foundation
