import Foundation
import IntentDefinitionCompiler

exit(IntentgenCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
