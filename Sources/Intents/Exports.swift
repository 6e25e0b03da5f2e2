// Apple's Intents framework makes Foundation visible to whoever imports it (its classes are
// NSObjects), so SiriKit code with only `import Intents` compiles; this module does the same.
@_exported import Foundation
