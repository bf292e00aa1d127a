/**
 * The pages' icon, an envelope, served at /contact/icon.svg: without one, browsers ask for
 * /favicon.ico, which this service does not serve, and log the 404 as an error.
 */
export const PAGE_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="7" fill="#0a5cc2"/>
<path d="M7 10h18v12H7zM7 10l9 7 9-7" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"/>
</svg>
`;
