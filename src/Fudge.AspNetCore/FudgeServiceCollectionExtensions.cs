using System;
using Fudge.AspNetCore.Internal;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace Fudge.AspNetCore;

/// <summary>Registers what Fudge bodies need in an ASP.NET Core application.</summary>
public static class FudgeServiceCollectionExtensions
{
    /// <summary>
    /// Registers the Fudge body services for minimal APIs (<see cref="FudgeBody{T}"/>, <see cref="FudgeStream{T}"/>,
    /// <see cref="FudgeResults"/>) and MVC, with the given options, and a middleware placed first in the pipeline that
    /// answers refused bodies with RFC 9457 problem details (400 malformed, 413 over a limit, 415 unknown media type).
    /// Calling it again only applies more configuration.
    /// </summary>
    /// <param name="services">The application's services.</param>
    /// <param name="configure">Sets limits, writer options and the JSON/XML settings.</param>
    public static IServiceCollection AddFudge(this IServiceCollection services, Action<FudgeHttpOptions>? configure = null)
    {
        if (services is null) throw new ArgumentNullException(nameof(services));
        services.AddOptions<FudgeHttpOptions>();
        if (configure is not null) services.Configure(configure);
        services.TryAddSingleton<FudgeHttpSettings>();
        services.TryAddEnumerable(ServiceDescriptor.Transient<IStartupFilter, FudgeProblemDetailsStartupFilter>());
        return services;
    }
}
