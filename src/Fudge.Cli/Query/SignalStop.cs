using System;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;

namespace Fudge.Cli.Query;

/// <summary>Runs a routing service until Ctrl+C or SIGTERM: the one stop rule of every `fudge route` source.</summary>
internal static class SignalStop
{
    /// <summary>
    /// Runs <paramref name="service"/> with a token that SIGINT or SIGTERM cancels (the signal is handled, so the
    /// service stops consuming and finishes what is in flight); the cancellation it then ends with is not an error.
    /// </summary>
    public static async Task RunAsync(Func<CancellationToken, Task> service)
    {
        using var stop = new CancellationTokenSource();
        void Stop(PosixSignalContext context)
        {
            context.Cancel = true;
            stop.Cancel();
        }
        using (PosixSignalRegistration.Create(PosixSignal.SIGINT, Stop))
        using (PosixSignalRegistration.Create(PosixSignal.SIGTERM, Stop))
        {
            try
            {
                await service(stop.Token).ConfigureAwait(false);
            }
            catch (OperationCanceledException) when (stop.IsCancellationRequested)
            {
                // Stopped by a signal, after draining.
            }
        }
    }
}
