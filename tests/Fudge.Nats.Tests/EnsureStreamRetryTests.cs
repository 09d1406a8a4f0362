using System;
using System.Collections.Generic;
using System.Reflection;
using System.Threading.Tasks;
using NATS.Client.JetStream;
using NATS.Client.JetStream.Models;
using Xunit;

namespace Fudge.Nats.Tests;

/// <summary>
/// <see cref="FudgeJetStream.EnsureStreamAsync"/> asks again when the server answers that it could not create the
/// stream's store (a failure nats-server 2.9 gave intermittently in CI), and only then: every other refusal, and a
/// store failure that persists, reach the caller. The server here is a stand-in that answers from a script.
/// </summary>
public class EnsureStreamRetryTests
{
    private static ApiError StoreFailure => new() { Code = 500, ErrCode = 10049, Description = "error creating store for stream" };

    [Fact]
    public async Task A_store_failure_the_server_does_not_repeat_is_asked_again()
    {
        var js = ScriptedJetStream.Answering(StoreFailure, StoreFailure, null);

        await js.EnsureStreamAsync("TICKS", new[] { "md.>" });

        Assert.Equal(3, ScriptedJetStream.Requests(js).Count);
        Assert.All(ScriptedJetStream.Requests(js), config => Assert.Equal("TICKS", config.Name));
    }

    [Fact]
    public async Task A_store_failure_that_persists_is_thrown_after_four_requests()
    {
        var js = ScriptedJetStream.Answering(StoreFailure, StoreFailure, StoreFailure, StoreFailure, null);

        var thrown = await Assert.ThrowsAsync<NatsJSApiException>(() => js.EnsureStreamAsync("TICKS", new[] { "md.>" }).AsTask());

        Assert.Equal(10049, thrown.Error.ErrCode);
        Assert.Equal(4, ScriptedJetStream.Requests(js).Count);
    }

    [Fact]
    public async Task Any_other_refusal_is_thrown_at_once()
    {
        var inUse = new ApiError { Code = 400, ErrCode = 10058, Description = "stream name already in use with a different configuration" };
        var js = ScriptedJetStream.Answering(inUse, null);

        var thrown = await Assert.ThrowsAsync<NatsJSApiException>(() => js.EnsureStreamAsync("TICKS", new[] { "md.>" }).AsTask());

        Assert.Equal(10058, thrown.Error.ErrCode);
        Assert.Single(ScriptedJetStream.Requests(js));
    }

    /// <summary>
    /// A JetStream context whose CreateOrUpdateStreamAsync answers each request with the next scripted error, or with a
    /// stream for null; any other call fails the test.
    /// </summary>
    public class ScriptedJetStream : DispatchProxy
    {
        private readonly Queue<ApiError?> _answers = new();
        private readonly List<StreamConfig> _requests = new();

        public static INatsJSContext Answering(params ApiError?[] answers)
        {
            var js = Create<INatsJSContext, ScriptedJetStream>();
            foreach (var answer in answers) ((ScriptedJetStream)(object)js)._answers.Enqueue(answer);
            return js;
        }

        public static IReadOnlyList<StreamConfig> Requests(INatsJSContext js) => ((ScriptedJetStream)(object)js)._requests;

        protected override object? Invoke(MethodInfo? method, object?[]? args)
        {
            if (method?.Name != nameof(INatsJSContext.CreateOrUpdateStreamAsync)) throw new InvalidOperationException($"unexpected call {method?.Name}");
            _requests.Add((StreamConfig)args![0]!);
            var answer = _answers.Dequeue();
            if (answer is not null) return ValueTask.FromException<INatsJSStream>(new NatsJSApiException(answer));
            return ValueTask.FromResult(Create<INatsJSStream, ScriptedJetStream>());
        }
    }
}
