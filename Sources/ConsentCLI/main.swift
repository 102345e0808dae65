import Foundation

let io = CommandIO.standard(environment: ProcessInfo.processInfo.environment) {
    Int64(Date().timeIntervalSince1970)
}
exit(CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), io: io).rawValue)
