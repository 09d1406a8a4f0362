using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;

namespace Fudge.RabbitMQ.Tests.Support;

/// <summary>
/// What the brokers say while a fault test runs, asked every few seconds through erl_call on a node that serves: for
/// each quorum queue, every member's node, Raft state, commit index and last log index (a rejoined member catching up
/// shows a log index far behind the leader's); and, per running node, its resource alarms (a memory or disk alarm blocks
/// every publisher of the cluster), its memory in MiB and, per channel on it, the publishes it has not confirmed and the
/// deliveries not acknowledged. One line per sample into the test's timed log.
/// </summary>
public sealed class ClusterMonitor : IAsyncDisposable
{
    private readonly CancellationTokenSource _stop = new();
    private readonly Task _sampling;

    public ClusterMonitor(IReadOnlyDictionary<string, string> queues, Action<string> log, TimeSpan interval)
    {
        string expressions = Expressions(queues);
        _sampling = Task.Run(async () =>
        {
            while (!_stop.IsCancellationRequested)
            {
                var clock = Stopwatch.StartNew();
                string? sample = null;
                for (int node = 1; node <= RabbitCluster.Endpoints.Count && sample is null; node++)
                {
                    if (!RabbitCluster.Answers(node)) continue;
                    sample = RabbitCluster.Evaluate(node, expressions, TimeSpan.FromSeconds(20)) is { } answer ? $"(asked node {node}, {clock.Elapsed.TotalSeconds:F1} s) {Compact(answer)}" : null;
                }
                log("brokers: " + (sample ?? "no node answered"));
                try
                {
                    await Task.Delay(interval, _stop.Token);
                }
                catch (OperationCanceledException)
                {
                    return;
                }
            }
        });
    }

    /// <summary>
    /// Erlang: [{label, [[Node, RaftState, CommitIndex, LogIndex] per member]}], then per running node {Node, Alarms,
    /// MiB, [[Unconfirmed, Unacknowledged] per channel on it]}.
    /// </summary>
    private static string Expressions(IReadOnlyDictionary<string, string> queues)
    {
        string list = string.Join(",", queues.Select(q => $"{{{q.Key},<<\"{q.Value}\">>}}"));
        return $$"""
            Qs = [{{list}}],
            F = fun(Q) -> try [[proplists:get_value(K, P) || K <- [<<"Node Name">>, <<"Raft State">>, <<"Commit Index">>, <<"Log Index">>]] || P <- rabbit_quorum_queue:status(<<"/">>, Q)] catch C:E -> {C, E} end end,
            M = fun(N) -> case rpc:call(N, erlang, memory, [total], 5000) of X when is_integer(X) -> X div 1048576; X -> X end end,
            U = fun(N) -> case rpc:call(N, rabbit_channel, info_local, [[messages_unconfirmed, messages_unacknowledged]], 5000) of Cs when is_list(Cs) -> [[proplists:get_value(messages_unconfirmed, I), proplists:get_value(messages_unacknowledged, I)] || I <- Cs]; X -> X end end,
            A = [{N, rpc:call(N, rabbit_alarm, get_alarms, [], 5000), M(N), U(N)} || N <- rabbit_nodes:all_running()],
            lists:flatten(io_lib:format("~w nodes(alarms,MiB,channels[unconfirmed,unacked]) ~w", [[{L, F(Q)} || {L, Q} <- Qs], A])).

            """;
    }

    /// <summary>erl_call's <c>{ok,"..."}</c> (a long string pretty-printed over several lines) as one short line.</summary>
    private static string Compact(string answer)
        => System.Text.RegularExpressions.Regex.Replace(answer, "\"\\s*\\n\\s*\"", "")
            .Replace("fudge", "n").Replace("@localhost", "").Replace("{ok,\"", "").TrimEnd('}').TrimEnd('"');

    public async ValueTask DisposeAsync()
    {
        _stop.Cancel();
        await _sampling.ContinueWith(_ => { });
    }
}
