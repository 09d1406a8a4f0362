using System;
using System.Collections.Generic;
using System.Net;
using System.Net.Sockets;
using System.Threading;
using System.Threading.Tasks;

namespace Fudge.Cli.Tests.Support;

/// <summary>
/// A TCP relay on 127.0.0.1 between a client under test and a server (a broker): <see cref="Cut"/> drops every
/// connection through it at once, as a failed network or a restarted broker does, in microseconds and touching no
/// other client of the server. The client's side is reset; the server's side is closed, so the server lets go of the
/// connection at once (a broker requeues what it had delivered unacknowledged, and deletes its exclusive queues).
/// </summary>
internal sealed class TcpRelay : IAsyncDisposable
{
    private readonly string _host;
    private readonly int _port;
    private readonly TcpListener _listener = new(IPAddress.Loopback, 0);
    private readonly CancellationTokenSource _stop = new();
    private readonly object _gate = new();
    private readonly List<(Socket Client, Socket Server)> _open = new();
    private readonly Task _accepting;

    public TcpRelay(string host, int port)
    {
        _host = host;
        _port = port;
        _listener.Start();
        _accepting = Task.Run(AcceptAsync);
    }

    /// <summary>The relay's port on 127.0.0.1.</summary>
    public int Port => ((IPEndPoint)_listener.LocalEndpoint).Port;

    /// <summary>Connections relayed so far (a client that reconnects after a cut makes one more).</summary>
    public int Accepted { get; private set; }

    /// <summary>The address of <paramref name="server"/> with the relay's host and port in place of its own.</summary>
    public Uri Through(Uri server) => new UriBuilder(server) { Host = "127.0.0.1", Port = Port }.Uri;

    private async Task AcceptAsync()
    {
        while (!_stop.IsCancellationRequested)
        {
            Socket client;
            try
            {
                client = await _listener.AcceptSocketAsync(_stop.Token);
            }
            catch (Exception e) when (e is OperationCanceledException or SocketException or ObjectDisposedException)
            {
                return;
            }
            var server = new Socket(SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
            try
            {
                await server.ConnectAsync(_host, _port, _stop.Token);
            }
            catch (Exception e) when (e is OperationCanceledException or SocketException)
            {
                Reset(client);
                server.Dispose();
                continue;
            }
            client.NoDelay = true;
            lock (_gate)
            {
                _open.Add((client, server));
                Accepted++;
            }
            _ = PumpAsync(client, server);
            _ = PumpAsync(server, client);
        }
    }

    private static async Task PumpAsync(Socket from, Socket to)
    {
        var buffer = new byte[16 * 1024];
        try
        {
            while (true)
            {
                int read = await from.ReceiveAsync(buffer, SocketFlags.None);
                if (read == 0) break;
                await to.SendAsync(buffer.AsMemory(0, read), SocketFlags.None);
            }
            to.Shutdown(SocketShutdown.Send);
        }
        catch (Exception e) when (e is SocketException or ObjectDisposedException)
        {
            // Cut, or the other side went away.
        }
    }

    /// <summary>Drops every connection open through the relay; new ones are relayed as before.</summary>
    /// <returns>How many were dropped.</returns>
    public int Cut()
    {
        (Socket Client, Socket Server)[] open;
        lock (_gate)
        {
            open = _open.ToArray();
            _open.Clear();
        }
        foreach (var (client, server) in open)
        {
            Reset(client);
            server.Dispose();
        }
        return open.Length;
    }

    // An abortive close (RST): the client's next read fails at once, as when the network drops the connection.
    private static void Reset(Socket socket)
    {
        try
        {
            socket.LingerState = new LingerOption(true, 0);
        }
        catch (Exception e) when (e is SocketException or ObjectDisposedException)
        {
        }
        socket.Dispose();
    }

    public async ValueTask DisposeAsync()
    {
        _stop.Cancel();
        _listener.Stop();
        await _accepting;
        Cut();
        _stop.Dispose();
    }
}
