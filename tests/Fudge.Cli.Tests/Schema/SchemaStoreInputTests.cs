using System;
using System.IO;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests.Schema;

/// <summary><c>fudge schema infer</c> and <c>check</c> read a store's collection as they read a file of its envelopes.</summary>
public class SchemaStoreInputTests
{
    [Fact]
    public void A_store_of_the_ticks_gives_the_types_the_ticks_file_gives_and_fits_them()
    {
        string folder = Path.Combine(Path.GetTempPath(), "fudge-schema-store-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(folder);
        try
        {
            string db = Path.Combine(folder, "ticks.db");
            var import = FudgeTool.Run("store", "import", db, RepoFiles.Sample("ticks.fudge"), "--collection", "ticks");
            Assert.True(import.ExitCode == 0, import.Stderr);

            var fromFile = FudgeTool.Run("schema", "infer", "--proto", RepoFiles.Sample("ticks.fudge"));
            var fromStore = FudgeTool.Run("schema", "infer", "--proto", "--collection", "ticks", db);
            string proto = Path.Combine(folder, "ticks.proto");
            File.WriteAllText(proto, fromFile.Stdout);
            var check = FudgeTool.Run("schema", "check", "--proto", proto, "-c", "ticks", db);
            var noCollection = FudgeTool.Run("schema", "infer", db);

            Assert.True(fromStore.ExitCode == 0, fromStore.Stderr);
            Assert.Equal(fromFile.Stdout, fromStore.Stdout);
            Assert.True(check.ExitCode == 0, check.Stdout + check.Stderr);
            Assert.StartsWith($"40 messages checked against {proto}: 40 fit, 0 do not\n", check.Stdout);
            Assert.Equal((1, "fudge: no collection 'documents' in the store; it has 'ticks'\n"), (noCollection.ExitCode, noCollection.Stderr));
        }
        finally
        {
            Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
            Directory.Delete(folder, recursive: true);
        }
    }
}
