using Fudge.Cli;
using Fudge.Cli.Console;

return FudgeCommandLine.Run(args, CliConsole.ForProcess());
