using System;
using Fudge.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;

namespace Fudge.AspNetCore;

/// <summary>Adds the Fudge formatters to MVC.</summary>
public static class FudgeMvcBuilderExtensions
{
    /// <summary>
    /// Puts <see cref="FudgeInputFormatter"/> and <see cref="FudgeOutputFormatter"/> first in MVC's lists (they take only
    /// Fudge types, so other types still go to System.Text.Json), and registers the services of
    /// <see cref="FudgeServiceCollectionExtensions.AddFudge"/> with <paramref name="configure"/>. Set
    /// <c>MvcOptions.ReturnHttpNotAcceptable</c> for 406 when the Accept header names nothing a formatter writes.
    /// </summary>
    public static IMvcBuilder AddFudgeFormatters(this IMvcBuilder builder, Action<FudgeHttpOptions>? configure = null)
    {
        if (builder is null) throw new ArgumentNullException(nameof(builder));
        builder.Services.AddFudge(configure);
        builder.AddMvcOptions(options =>
        {
            options.InputFormatters.Insert(0, new FudgeInputFormatter());
            options.OutputFormatters.Insert(0, new FudgeOutputFormatter());
        });
        return builder;
    }
}
