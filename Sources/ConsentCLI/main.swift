import Foundation

// A reader that goes away (`| head`) is not an error (`consent --help`, EXIT STATUS): the write into the closed pipe
// fails with EPIPE, which ends the reading of input and is not reported, instead of the signal killing the process
// (status 141 in a shell, an error under `set -o pipefail`).
signal(SIGPIPE, SIG_IGN)
let io = CommandIO.standard(environment: ProcessInfo.processInfo.environment) {
    Int64(Date().timeIntervalSince1970)
}
exit(CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), io: io).rawValue)
