/** The browser tab's title for a console page: 'Account Settings | Laurel'. React hoists it into <head>. */
export const documentTitle = (title: string) => `${title} | Laurel`;

export const PageTitle = ({ title }: { title: string }) => <title>{documentTitle(title)}</title>;
