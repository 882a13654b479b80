import ContactsCLI
import Foundation

exit(CommandLineTool.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
