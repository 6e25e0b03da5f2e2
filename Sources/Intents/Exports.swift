// Apple's Intents framework makes Foundation visible to whoever imports it (its classes are
// NSObjects), so SiriKit code with only `import Intents` compiles; this module does the same.
@_exported import Foundation
// With what Foundation on Linux lacks and such code uses (`URL.documentsDirectory`,
// `DateComponentsFormatter`…), in place of Foundation's unavailable declarations.
@_exported import FoundationAdditions
