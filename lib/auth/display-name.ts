/** How a person is named in the history, on runs and on decisions: their name, or their email when they gave none. */
export const displayName = (person: { name: string; email: string }): string => person.name || person.email;
